import type { ConnectAttempt, ConnectionGate } from '../knex/connection/connection-gate.js';
import type { Logger } from '../../runtime/logger.js';
import { backoffDelayMs, DATABASE_BACKOFF, type BackoffPolicy } from './backoff.js';

export interface OutageTrackerDeps {
  /** Epoch milliseconds (Date.now in production); injected so specs can step time. */
  now(): number;
  random(): number;
  log: Pick<Logger, 'warn'>;
  backoff?: BackoffPolicy;
}

interface Outage {
  since: number;
  failedProbes: number;
  nextAttemptAt: number;
}

const reasonOf = (error: unknown): Record<string, unknown> => {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const { code, message } = (typeof cause === 'object' && cause !== null ? cause : {}) as { code?: unknown; message?: unknown };
  return { reason: typeof message === 'string' ? message : String(cause), ...(typeof code === 'string' ? { failure: code } : {}) };
};

/**
 * Owns "the database has been unreachable since…": opened by the first failed connection attempt,
 * closed by the first successful one. While it is open, at most one attempt (a probe) is let
 * through per back-off interval; each outage is logged once when it starts and once when it ends.
 */
export class OutageTracker implements ConnectionGate {
  private outage: Outage | null = null;
  private probing = false;

  constructor(private readonly deps: OutageTrackerDeps) {}

  isDown(): boolean {
    return this.outage !== null;
  }

  /** True when an attempt would be let through now: up, or down with a probe due and none running. */
  mayAttempt(): boolean {
    return this.outage === null || (!this.probing && this.deps.now() >= this.outage.nextAttemptAt);
  }

  /** Whole seconds until the next attempt may run (at least 1), for Retry-After. */
  retryAfterSeconds(): number {
    const waitMs = this.outage ? this.outage.nextAttemptAt - this.deps.now() : 0;
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  beginAttempt(): ConnectAttempt | null {
    if (!this.mayAttempt()) return null;
    const probe = this.outage !== null;
    if (probe) this.probing = true;
    return {
      succeeded: () => this.settle(probe, null),
      failed: (error) => this.settle(probe, error),
    };
  }

  private settle(probe: boolean, error: unknown): void {
    if (probe) this.probing = false;
    if (error === null) return this.end();
    if (this.outage === null) return this.start(error);
    // Attempts that were already under way when the outage began do not lengthen the back-off.
    if (probe) this.schedule(this.outage, this.outage.failedProbes + 1);
  }

  private start(error: unknown): void {
    const now = this.deps.now();
    this.outage = { since: now, failedProbes: 0, nextAttemptAt: now };
    this.schedule(this.outage, 0);
    this.deps.log.warn(
      { event: 'database_unavailable', ...reasonOf(error), retry_in_ms: Math.round(this.outage.nextAttemptAt - now) },
      'database unavailable: requests are answered 503 until a connection succeeds',
    );
  }

  private end(): void {
    if (this.outage === null) return;
    const durationMs = Math.round(this.deps.now() - this.outage.since);
    this.deps.log.warn(
      {
        event: 'database_available',
        since: new Date(this.outage.since).toISOString(),
        duration_ms: durationMs,
        failed_probes: this.outage.failedProbes,
      },
      `database available again after ${(durationMs / 1000).toFixed(1)} s`,
    );
    this.outage = null;
  }

  private schedule(outage: Outage, failedProbes: number): void {
    outage.failedProbes = failedProbes;
    const delay = backoffDelayMs(failedProbes + 1, this.deps.random(), this.deps.backoff ?? DATABASE_BACKOFF);
    outage.nextAttemptAt = this.deps.now() + delay;
  }
}
