import type { UserId } from './user-id.js';

/** The trail a user (and an admin) can read back; each one is written with the change it records. */
export const TRAIL_EVENT_TYPES = [
  'registered',
  'login_succeeded',
  'login_failed',
  'logout',
  'session_revoked',
  'password_changed',
  'account_recovered',
  'mfa_enabled',
  'mfa_disabled',
  'passkey_added',
  'passkey_removed',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'second_factor_locked',
  'api_token_created',
  'api_token_revoked',
  'display_name_changed',
  'login_throttled',
  'user_disabled',
  'user_enabled',
  'sessions_revoked_by_admin',
  'mfa_reset_by_admin',
  'recovery_issued',
  'role_changed',
  'invite_created',
  'invite_revoked',
  'user_deleted',
  'oidc_client_created',
  'oidc_client_deleted',
  'oidc_consent_granted',
  'oidc_consent_revoked',
  'oidc_signed_in',
  'username_changed',
  'group_created',
  'group_renamed',
  'group_deleted',
  'group_member_added',
  'group_member_removed',
  'access_policy_changed',
  'access_denied',
] as const;

export type TrailEventType = (typeof TRAIL_EVENT_TYPES)[number];

export type Actor = 'self' | 'admin' | 'operator';

export interface SecurityEvent {
  id: string;
  userId: UserId;
  type: TrailEventType;
  actor: Actor;
  /** The admin who acted; null when the user acted itself or an operator did. */
  actorId: UserId | null;
  /** The session, token, invite or factor acted on, by id; never a secret. */
  targetId: string | null;
  /** The API token the change was made with, by id; null for a browser session or the operator. */
  viaTokenId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** A trail event before the store gives it its owner: the scope writing it decides whose it is. */
export type NewSecurityEvent = Omit<SecurityEvent, 'userId'>;
