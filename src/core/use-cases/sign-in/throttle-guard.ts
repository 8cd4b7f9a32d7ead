import { DomainError } from '../../domain/errors.js';
import { addressKey, deviceKey, emailKey, recoveryEmailKey, retryAfterSeconds, THROTTLE_WINDOW_MS, type ThrottleLimits } from '../../domain/throttle.js';
import type { Ports } from '../../ports/ports.js';

/** One password (or second-factor) attempt as the limiter sees it. */
export interface LoginAttempt {
  /** The normalised email whose password is tried. */
  email: string;
  clientAddress: string | null;
  /** The id of a valid device cookie of the email's user (decision 0018), else null. */
  device: string | null;
}

export interface ThrottleGuard {
  /** Counts a login or registration from this address; 429 once past the limit. */
  admitAddress(clientAddress: string | null): Promise<void>;
  /**
   * Counts an attempt before it is checked — on the device's own budget when it comes from a
   * trusted device, else on the email's — and answers 429 once past the limit. The first refusal
   * of a window runs `onFirstRefusal` (a trail event: one per window, not one per try).
   */
  admitLogin(attempt: LoginAttempt, onFirstRefusal?: () => Promise<void>): Promise<void>;
  /** A successful login: the email's and the device's failures are forgotten. */
  clearLoginFailures(attempt: LoginAttempt): Promise<void>;
  /** Counts an account-recovery attempt for this email, as admitLogin counts a password attempt, on a counter of its own. */
  admitRecovery(normalizedEmail: string, clientAddress: string | null, onFirstRefusal?: () => Promise<void>): Promise<void>;
  /** A successful recovery: the email's recovery and login failures are both forgotten (the password is new). */
  clearRecoveryFailures(normalizedEmail: string): Promise<void>;
}

/**
 * docs/security.md. An attempt is counted before verification and a success resets the count, so the
 * count is the failures plus those in flight: concurrent guesses cannot overshoot the limit. A
 * request without an address (the CLI) has no address to count. A trusted device's attempts never
 * touch the email's count, so failures from elsewhere cannot lock the owner's browser out.
 */
export const makeThrottleGuard = (deps: Pick<Ports, 'throttle' | 'clock' | 'log'>, limits: ThrottleLimits): ThrottleGuard => {
  const admit = async (
    key: string,
    limit: number,
    limiter: 'email' | 'address' | 'device',
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
    admitLogin: ({ email, clientAddress, device }, onFirstRefusal) =>
      device === null
        ? admit(emailKey(email), limits.loginFailuresPerEmail, 'email', clientAddress, onFirstRefusal)
        : admit(deviceKey(device), limits.loginFailuresPerEmail, 'device', clientAddress, onFirstRefusal),
    clearLoginFailures: async ({ email, device }) => {
      if (limits.loginFailuresPerEmail === 0) return;
      await deps.throttle.reset(emailKey(email));
      if (device !== null) await deps.throttle.reset(deviceKey(device));
    },
    admitRecovery: (email, address, onFirstRefusal) => admit(recoveryEmailKey(email), limits.loginFailuresPerEmail, 'email', address, onFirstRefusal),
    clearRecoveryFailures: async (email) => {
      if (limits.loginFailuresPerEmail === 0) return;
      await deps.throttle.reset(recoveryEmailKey(email));
      await deps.throttle.reset(emailKey(email));
    },
  };
};
