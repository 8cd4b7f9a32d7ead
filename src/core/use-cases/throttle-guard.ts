import { DomainError } from '../domain/errors.js';
import { addressKey, emailKey, recoveryEmailKey, retryAfterSeconds, THROTTLE_WINDOW_MS, type ThrottleLimits } from '../domain/throttle.js';
import type { Ports } from '../ports/ports.js';

export interface ThrottleGuard {
  /** Counts a login or registration from this address; 429 once past the limit. */
  admitAddress(clientAddress: string | null): Promise<void>;
  /**
   * Counts a password attempt for this email before it is checked; 429 once past the limit. The
   * first refusal of a window runs `onFirstRefusal` (a trail event: one per window, not one per try).
   */
  admitLogin(normalizedEmail: string, clientAddress: string | null, onFirstRefusal?: () => Promise<void>): Promise<void>;
  /** A successful login: the email's failures are forgotten. */
  clearLoginFailures(normalizedEmail: string): Promise<void>;
  /** Counts an account-recovery attempt for this email, as admitLogin counts a password attempt, on a counter of its own. */
  admitRecovery(normalizedEmail: string, clientAddress: string | null, onFirstRefusal?: () => Promise<void>): Promise<void>;
  /** A successful recovery: the email's recovery and login failures are both forgotten (the password is new). */
  clearRecoveryFailures(normalizedEmail: string): Promise<void>;
}

/**
 * CONTRACT §9. An attempt is counted before verification and a success resets the count, so the
 * count is the failures plus those in flight: concurrent guesses cannot overshoot the limit. A
 * request without an address (the CLI) has no address to count.
 */
export const makeThrottleGuard = (deps: Pick<Ports, 'throttle' | 'clock' | 'log'>, limits: ThrottleLimits): ThrottleGuard => {
  const admit = async (
    key: string,
    limit: number,
    limiter: 'email' | 'address',
    clientAddress: string | null,
    onFirstRefusal?: () => Promise<void>,
  ): Promise<void> => {
    if (limit === 0) return;
    const now = deps.clock.now();
    const count = await deps.throttle.hit(key, { limit, windowMs: THROTTLE_WINDOW_MS }, now);
    if (count.attempts <= limit) return;
    deps.log.write({ type: 'login_throttled', userId: null, limiter, clientAddress });
    if (count.attempts === limit + 1 && onFirstRefusal) await onFirstRefusal();
    throw new DomainError('too_many_requests', { retryAfterSeconds: retryAfterSeconds(count.resetsAt, now) });
  };
  return {
    admitAddress: async (address) => {
      if (address !== null) await admit(addressKey(address), limits.authAttemptsPerAddress, 'address', address);
    },
    admitLogin: (email, address, onFirstRefusal) => admit(emailKey(email), limits.loginFailuresPerEmail, 'email', address, onFirstRefusal),
    clearLoginFailures: async (email) => {
      if (limits.loginFailuresPerEmail > 0) await deps.throttle.reset(emailKey(email));
    },
    admitRecovery: (email, address, onFirstRefusal) => admit(recoveryEmailKey(email), limits.loginFailuresPerEmail, 'email', address, onFirstRefusal),
    clearRecoveryFailures: async (email) => {
      if (limits.loginFailuresPerEmail === 0) return;
      await deps.throttle.reset(recoveryEmailKey(email));
      await deps.throttle.reset(emailKey(email));
    },
  };
};
