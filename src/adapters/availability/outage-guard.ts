import { DomainError } from '../../core/domain/errors.js';
import type { DatabaseFailure } from '../knex/connection/database-unavailable.js';
import type { Logger } from '../../runtime/logger.js';
import type { OutageTracker } from './outage-tracker.js';

export interface OutageGuardDeps {
  tracker: Pick<OutageTracker, 'isDown' | 'mayAttempt' | 'retryAfterSeconds'>;
  /** Opens one connection and runs one query; the tracker hears how the connection went. */
  probe(): Promise<void>;
  failureOf(error: unknown): DatabaseFailure | null;
  log: Pick<Logger, 'warn'>;
}

type Operation = (...args: unknown[]) => Promise<unknown>;

// Not the message: knex puts the statement, with its bound values, in front of the driver's words.
const codeOf = (error: unknown): string => {
  const { code, name } = error as { code?: unknown; name?: unknown };
  return String(code ?? name);
};

const unavailable = (deps: OutageGuardDeps): DomainError =>
  new DomainError('unavailable', { retryAfterSeconds: deps.tracker.retryAfterSeconds() });

/** While the database is away: a probe when one is due, else 503 at once, before any work is done. */
const admit = async (deps: OutageGuardDeps): Promise<void> => {
  if (!deps.tracker.isDown()) return;
  if (!deps.tracker.mayAttempt()) throw unavailable(deps);
  await deps.probe().catch(() => {
    throw unavailable(deps);
  });
};

const guard =
  (deps: OutageGuardDeps, operation: Operation): Operation =>
  async (...args) => {
    if (deps.tracker.isDown()) await admit(deps); // no await (a promise and a turn of the queue) while all is well
    try {
      return await operation(...args);
    } catch (error) {
      const failure = deps.failureOf(error);
      if (failure === null) throw error; // never turn anything but the database's absence into a 503
      if (failure === 'busy') deps.log.warn({ event: 'database_busy', code: codeOf(error) }, 'the database did not answer in time');
      throw unavailable(deps);
    }
  };

/**
 * Every operation of `target` (the use cases) answers `unavailable` with a Retry-After when the
 * database does not, for the HTTP and the CLI adapters alike, and fails fast during an outage.
 */
export const guardAgainstOutage = <T extends object>(target: T, deps: OutageGuardDeps): T => {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target) as [string, unknown][]) {
    guarded[name] = typeof value === 'function' ? guard(deps, (value as Operation).bind(target)) : value;
  }
  return guarded as T;
};
