/**
 * Consecutive refused second-factor proofs after which the user's second step is locked until an
 * admin's MFA reset (NIST SP 800-63B: at most 100 failed attempts on one account). The per-email
 * throttle slows guessing to about 8 TOTP codes per 15 minutes; without a cap those add up to an 8%
 * chance a month. A success before the cap clears the count.
 */
export const SECOND_FACTOR_FAILURE_CAP = 100;

/** One refused proof, kept as a row of its own so that counting and clearing are plain statements. */
export interface SecondFactorFailure {
  id: string;
  userId: string;
  createdAt: Date;
}
