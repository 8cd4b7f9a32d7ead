import { normalizeCrockford } from './recovery-code.js';
import type { UserId } from './user-id.js';
import { isDisabled, type User } from './user.js';

/**
 * A one-time code an admin or the operator issues so that a user without a working password can
 * set a new one (no email involved). Not the MFA recovery codes: those stand in for a second factor.
 */
export interface AccountRecovery {
  id: string;
  userId: UserId;
  /** SHA-256 of the normalised code; the code itself is shown once and kept nowhere. */
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** 28 Crockford characters of 5 bits: 140 bits, above the 128 the contract asks for. */
export const ACCOUNT_RECOVERY_CODE_LENGTH = 28;
export const ACCOUNT_RECOVERY_MS = 24 * 60 * 60_000;

/** Shown in seven groups of four, so it can be read out over the phone. */
export const formatAccountRecoveryCode = (compact: string): string => compact.match(/.{4}/g)?.join('-') ?? compact;

/** Case-insensitive, hyphens and spaces optional; null when it cannot be such a code. */
export const normalizeAccountRecoveryCode = (input: string): string | null => normalizeCrockford(input, ACCOUNT_RECOVERY_CODE_LENGTH);

/**
 * Whether the code found (by its hash) may be redeemed by someone who named `email`: it belongs to
 * that user, is unused and unexpired. Every "no" is the same answer to the caller.
 */
export const isRedeemable = (found: { recovery: AccountRecovery; user: User } | null, email: string, now: Date): boolean => {
  if (found === null || found.user.email !== email) return false;
  // A disabled account stays shut: its code is refused like a wrong one (an admin enables it first).
  if (isDisabled(found.user)) return false;
  return found.recovery.usedAt === null && found.recovery.expiresAt.getTime() > now.getTime();
};
