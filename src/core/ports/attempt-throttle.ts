export interface AttemptCount {
  /**
   * Attempts counted in the current window, this one included. It stops growing at limit + 2, so
   * the first refused attempt (limit + 1) can be told from the later ones.
   */
  attempts: number;
  /** When the current window ends and counting starts again from zero. */
  resetsAt: Date;
}

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/**
 * Attempt counters shared by every process of the service (docs/security.md). Each call is atomic: two
 * processes counting the same key at once both see exactly one more attempt than the other.
 */
export interface AttemptThrottle {
  /**
   * Counts one attempt under `key` — starting a window of `rule.windowMs` when none is running at
   * `now` — and answers the count, which stops at limit + 2.
   */
  hit(key: string, rule: ThrottleRule, now: Date): Promise<AttemptCount>;
  /** Forgets the key's count (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Deletes every counter whose window ended at or before `now`; answers how many went. */
  purgeExpired(now: Date): Promise<number>;
}
