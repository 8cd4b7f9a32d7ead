import type { AttemptCount, AttemptThrottle, ThrottleRule } from '../../core/ports/attempt-throttle.js';

/** One process's counters; synchronous from read to write, so each call is atomic like the UPSERT. */
export class MemoryAttemptThrottle implements AttemptThrottle {
  private readonly counters = new Map<string, AttemptCount>();

  async hit(key: string, rule: ThrottleRule, now: Date): Promise<AttemptCount> {
    const current = this.counters.get(key);
    const running = current !== undefined && current.resetsAt.getTime() > now.getTime();
    const next = running
      ? { attempts: Math.min(current.attempts + 1, rule.limit + 2), resetsAt: current.resetsAt }
      : { attempts: 1, resetsAt: new Date(now.getTime() + rule.windowMs) };
    this.counters.set(key, next);
    return { attempts: next.attempts, resetsAt: new Date(next.resetsAt.getTime()) };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async purgeExpired(now: Date): Promise<number> {
    const expired = [...this.counters].filter(([, count]) => count.resetsAt.getTime() <= now.getTime());
    for (const [key] of expired) this.counters.delete(key);
    return expired.length;
  }
}
