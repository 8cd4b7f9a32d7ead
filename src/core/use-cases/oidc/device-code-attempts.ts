import { DomainError } from '../../domain/errors.js';
import { retryAfterSeconds, THROTTLE_WINDOW_MS, type ThrottleLimits } from '../../domain/throttle.js';
import type { Ports } from '../../ports/ports.js';

/**
 * A user code has 20^8 values and lives ten minutes: guessing one is stopped as guessing a password
 * is (docs/security.md). Each code entered from an address is counted before it is looked up, on
 * the budget of failed logins; a code that is found forgets the count.
 */
export interface DeviceCodeAttempts {
  /** Counts one entry from this address; too_many_requests (with retryAfterSeconds) once past the limit. */
  admit(clientAddress: string): Promise<void>;
  /** The entered code was found: the address's count is forgotten. */
  clear(clientAddress: string): Promise<void>;
}

const keyOf = (clientAddress: string): string => `device-code-address:${clientAddress}`;

export const makeDeviceCodeAttempts = (deps: Pick<Ports, 'throttle' | 'clock' | 'log'>, limits: ThrottleLimits): DeviceCodeAttempts => ({
  admit: async (clientAddress) => {
    const limit = limits.loginFailuresPerEmail;
    if (limit === 0) return;
    const now = deps.clock.now();
    const count = await deps.throttle.hit(keyOf(clientAddress), { limit, windowMs: THROTTLE_WINDOW_MS }, now);
    if (count.attempts <= limit) return;
    deps.log.write({ type: 'login_throttled', userId: null, limiter: 'address', clientAddress });
    throw new DomainError('too_many_requests', { retryAfterSeconds: retryAfterSeconds(count.resetsAt, now) });
  },
  clear: async (clientAddress) => {
    if (limits.loginFailuresPerEmail !== 0) await deps.throttle.reset(keyOf(clientAddress));
  },
});
