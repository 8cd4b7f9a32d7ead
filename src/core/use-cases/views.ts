import type { RequestContext } from '../domain/request-context.js';
import type { SecondFactorMethod } from '../domain/second-factor.js';
import type { Actor, TrailEventType } from '../domain/security-event.js';
import type { PublicUser } from '../domain/user.js';

/** What use cases hand back to driving adapters; adapters only rename fields to snake_case. */
export interface SessionView {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
  /** Opened, or since proved, with a second factor. */
  mfa: boolean;
}

export interface ApiTokenView {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface InviteView {
  id: string;
  maxUses: number;
  usedCount: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface MfaView {
  totp: boolean;
  passkeys: PasskeyView[];
  recoveryCodesLeft: number;
}

/** Another user's second factors as an admin reads them: the app's confirmation, each passkey, a count of codes. */
export interface AdminFactorsView {
  /** A confirmed authenticator app, with when it was confirmed; null when there is none (or it is still being set up). */
  totp: { confirmedAt: Date } | null;
  passkeys: PasskeyView[];
  recoveryCodesLeft: number;
}

/** A user as an admin sees it: still no role, no hash. */
export interface AdminUserView {
  user: PublicUser;
  disabled: boolean;
  mfa: boolean;
  lastLoginAt: Date | null;
}

/** A security event as its user or an admin reads it: never a secret, a code or a hash. */
export interface EventView {
  id: string;
  userId: string;
  type: TrailEventType;
  actor: Actor;
  clientAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** A session secret for the driving adapter to put in a cookie, with when it stops working. */
export interface SessionGrant {
  token: string;
  expiresAt: Date;
}

/** The pending login's secret, for a short-lived cookie of its own: it opens nothing but the second step. */
export interface PendingLoginGrant {
  token: string;
  expiresAt: Date;
}

/**
 * How a sign-in ends (a login, or an account recovery): signed in — a session, and the device
 * cookie of decision 0018 — or, for a user with a second factor, a second step pending: nothing is
 * open yet, only a pending login and the methods that can complete it.
 */
export type LoginResult =
  | { kind: 'signed_in'; user: PublicUser; session: SessionGrant; device: SessionGrant }
  | { kind: 'second_step_pending'; user: PublicUser; pending: PendingLoginGrant; methods: SecondFactorMethod[] };

/** Login and registration end the session whose cookie came along, so none is ever orphaned. */
export interface SignInContext extends RequestContext {
  presentedSessionToken: string | null;
}

export type { RequestContext };

/** A completed sign-in: the user, its new session, and the device cookie of decision 0018. */
export interface SignedIn {
    user: PublicUser;
    session: SessionGrant;
    device: SessionGrant;
}
