import type { UserId } from '../core/domain/user-id.js';
import type { BackchannelLogout, LogoutTarget } from '../core/ports/backchannel-logout.js';
import type { SecurityLog } from '../core/ports/security-log.js';

/** Sends one logout token; rejects when the client did not answer 200 or 204. */
export type LogoutSender = (userId: UserId, target: LogoutTarget) => Promise<void>;

/** Back-Channel Logout 1.0 asks for retries, but a token names a session that is long over after 10 minutes. */
export const RETRY_WINDOW_MS = 10 * 60_000;
const FIRST_RETRY_MS = 1_000;

export interface RelayTimers {
  /** Runs `run` after `ms`; the timer must not keep the process alive (a stopping service drops what is left). */
  later(run: () => void, ms: number): void;
}

const UNREF_TIMERS: RelayTimers = { later: (run, ms) => setTimeout(run, ms).unref() };

/**
 * The port the core tells, relaying to the provider's sender once it is mounted (the provider is
 * made after the use cases). Each target is tried at once, then after 1, 2, 4… seconds while the
 * next try still falls within 10 minutes of the first; every outcome is a security log line. The
 * retries live in the instance that made the change: the change itself is already committed.
 */
export class BackchannelRelay implements BackchannelLogout {
  private sender: LogoutSender | null = null;

  constructor(
    private readonly log: SecurityLog,
    private readonly timers: RelayTimers = UNREF_TIMERS,
  ) {}

  attach(sender: LogoutSender): void {
    this.sender = sender;
  }

  notify(userId: UserId, targets: readonly LogoutTarget[]): void {
    for (const target of targets) this.attempt(userId, target, 0, 0);
  }

  private attempt(userId: UserId, target: LogoutTarget, elapsedMs: number, retries: number): void {
    const sender = this.sender;
    if (!sender) return;
    const entry = { type: 'oidc_backchannel_logout', userId, targetId: target.clientId } as const;
    sender(userId, target).then(
      () => this.log.write({ ...entry, outcome: 'delivered' }),
      () => {
        const delay = FIRST_RETRY_MS * 2 ** retries;
        if (elapsedMs + delay > RETRY_WINDOW_MS) {
          this.log.write({ ...entry, outcome: 'failed' });
          return;
        }
        this.log.write({ ...entry, outcome: 'retrying' });
        this.timers.later(() => this.attempt(userId, target, elapsedMs + delay, retries + 1), delay);
      },
    );
  }
}
