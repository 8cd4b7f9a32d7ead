export type SecurityEventType =
  | 'login_succeeded'
  | 'login_failed'
  | 'throttled'
  | 'registered'
  | 'logout'
  | 'password_changed'
  | 'account_deleted'
  | 'token_created'
  | 'token_revoked'
  | 'session_revoked'
  | 'other_sessions_revoked'
  | 'invite_created'
  | 'admin_created';

/** What happened, to whom and where from; never a password, secret, token or code. */
export interface SecurityEvent {
  type: SecurityEventType;
  /** The acting or affected user; null when none is known (a login for an unknown email). */
  userId: string | null;
  /** The session, API token or invite acted on, by id. */
  targetId?: string;
  clientAddress?: string;
  /** Which limit refused a throttled request. */
  limiter?: 'email' | 'address';
}

/** The audit trail of ASVS 5.0 V16: written, never read back by the core. */
export interface SecurityEvents {
  record(event: SecurityEvent): void;
}
