import { DomainError } from '../domain/errors.js';
import { addressKey, emailKey, retryAfterSeconds, THROTTLE_WINDOW_MS, type ThrottleLimits } from '../domain/throttle.js';
import type { Ports } from '../ports/ports.js';

export interface ThrottleGuard {
  /** Counts a login or registration from this address; 429 once past the limit. */
  admitAddress(clientAddress: string): Promise<void>;
  /** Counts a login attempt for this email before its password is checked; 429 once past the limit. */
  admitLogin(normalizedEmail: string, clientAddress: string): Promise<void>;
  /** A successful login: the email's failures are forgotten. */
  clearLoginFailures(normalizedEmail: string): Promise<void>;
}

/**
 * CONTRACT §9. A login attempt is counted before verification and a success resets the count, so
 * the count is the failures plus those in flight: concurrent guesses cannot overshoot the limit.
 */
export const makeThrottleGuard = (deps: Pick<Ports, 'throttle' | 'clock' | 'events'>, limits: ThrottleLimits): ThrottleGuard => {
  const admit = async (key: string, limit: number, limiter: 'email' | 'address', clientAddress: string): Promise<void> => {
    if (limit === 0) return;
    const now = deps.clock.now();
    const count = await deps.throttle.hit(key, { limit, windowMs: THROTTLE_WINDOW_MS }, now);
    if (count.attempts <= limit) return;
    deps.events.record({ type: 'throttled', userId: null, limiter, clientAddress });
    throw new DomainError('too_many_requests', { retryAfterSeconds: retryAfterSeconds(count.resetsAt, now) });
  };
  return {
    admitAddress: (address) => admit(addressKey(address), limits.authAttemptsPerAddress, 'address', address),
    admitLogin: (email, address) => admit(emailKey(email), limits.loginFailuresPerEmail, 'email', address),
    clearLoginFailures: async (email) => {
      if (limits.loginFailuresPerEmail > 0) await deps.throttle.reset(emailKey(email));
    },
  };
};
