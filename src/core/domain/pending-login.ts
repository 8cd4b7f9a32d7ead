import type { UserId } from './user-id.js';

/**
 * The first half of a login for a user with a second factor: the password was right, nothing is
 * open yet. Its secret lives only in the short-lived cookie; the row keeps its hash.
 */
export interface PendingLogin {
  id: string;
  userId: UserId;
  secretHash: string;
  /** Second-factor attempts made on it, successful or not. */
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
}

/** docs/security.md: five minutes and five attempts, then the pending login is gone. */
export const PENDING_LOGIN_MS = 5 * 60_000;
export const PENDING_LOGIN_ATTEMPTS = 5;

export const isPendingLoginExpired = (pending: Pick<PendingLogin, 'expiresAt'>, now: Date): boolean =>
  pending.expiresAt.getTime() <= now.getTime();
