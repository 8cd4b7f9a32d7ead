import type { SecurityLog, SecurityLogEntry } from '../core/ports/security-log.js';
import type { Metrics } from './metrics.js';

/**
 * Counts throttled requests by the limit that refused them: only the throttle knows which one
 * did, and it names it in the log entry it writes for every refusal (the trail's copy of a
 * window's first refusal carries no limit, so it is not counted twice). Every entry still goes
 * on to the log.
 */
export class MeteredSecurityLog implements SecurityLog {
  constructor(
    private readonly inner: SecurityLog,
    private readonly metrics: Pick<Metrics, 'countThrottled'>,
  ) {}

  write(entry: SecurityLogEntry): void {
    if (entry.type === 'login_throttled' && entry.limiter) this.metrics.countThrottled(entry.limiter);
    this.inner.write(entry);
  }
}
