export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, then 8 s between connection attempts while the database is away. */
export const DATABASE_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 8_000 };

/**
 * The wait before connection attempt number `attempt` (1 = the first after the failure that began
 * the outage): capped exponential, with "equal jitter" — a random point in the upper half — so
 * instances that lost the database together do not come back in step, yet never retry early.
 */
export const backoffDelayMs = (attempt: number, random: number, { baseMs, capMs }: BackoffPolicy = DATABASE_BACKOFF): number => {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + (ceiling / 2) * random;
};
