import type { TrailEventType } from '../domain/security-event.js';

/**
 * Log-only: a self-deleted account's trail goes with it, so only the log remembers the deletion; a
 * refused account recovery writes nothing to the database (nor says whose account was named); the
 * operator's rotation of the OpenID signing keys is nobody's trail.
 */
export type LogOnlyEventType = 'account_deleted' | 'recovery_failed' | 'oidc_signing_keys_rotated' | 'oidc_backchannel_logout';

/** One security-relevant happening as the log records it: ids only, never a secret or a password. */
export interface SecurityLogEntry {
  type: TrailEventType | LogOnlyEventType;
  /** The affected user; null when none is known (a login or a throttled request for an unknown email). */
  userId: string | null;
  actor?: 'self' | 'admin' | 'operator';
  actorId?: string | null;
  /** The session, API token or invite acted on, by id. */
  targetId?: string | null;
  /** The API token the change was made with, by id. */
  viaTokenId?: string | null;
  clientAddress?: string | null;
  /** Which limit refused a throttled request. */
  limiter?: 'email' | 'address' | 'device';
  /** A logout token's fate at its client: delivered, retrying after a failure, or given up on. */
  outcome?: 'delivered' | 'retrying' | 'failed';
}

/**
 * The security log (ASVS 5.0 V16): JSON lines for a log pipeline. Every trail event is written here
 * too once its transaction commits; log-only kinds are written here alone.
 */
export interface SecurityLog {
  write(entry: SecurityLogEntry): void;
}
