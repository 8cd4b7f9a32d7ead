import type { Knex } from 'knex';

/**
 * Rows per statement. Deleting a row of security_events or oidc_payloads updates five to seven
 * indexes at random places: 500 rows took 80–150 ms on a loaded two-core machine, during which
 * better-sqlite3 holds the event loop and every request waits; 100 rows keep that wait short.
 */
export const PURGE_BATCH = 100;

export interface BatchedDelete {
  table: string;
  /** The columns that name one row (its primary key), compared as a row value: `(a, b) IN (SELECT a, b …)`. */
  keys: readonly string[];
  /** Narrows `select keys from table` to the rows to delete. */
  where: (rows: Knex.QueryBuilder) => Knex.QueryBuilder;
  batch?: number;
}

// better-sqlite3 runs a statement synchronously and knex settles it in a microtask, so a loop of
// awaited deletes would never hand the event loop back: requests would wait for the whole purge.
// A pause as long as the statement took leaves the requests at least half the thread (on
// PostgreSQL, half the server's time), whatever the machine's speed; a purge is never in a hurry.
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)));

/**
 * Deletes the rows `where` selects, at most `batch` per statement, pausing between statements as
 * long as the last one took, until a statement deletes fewer than a batch. A million expired rows
 * then cost ten thousand short statements instead of one that holds SQLite's write lock and the
 * event loop (or outlasts PostgreSQL's statement timeout) for seconds. Instances may run it at once: each statement
 * deletes only what is still there.
 */
export async function deleteInBatches(db: Knex, plan: BatchedDelete): Promise<number> {
  const batch = plan.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    const started = performance.now();
    const chosen = plan.where(db(plan.table).select(...plan.keys)).limit(batch);
    const deleted = (await db(plan.table).whereIn([...plan.keys], chosen).delete()) as number;
    total += deleted;
    if (deleted < batch) return total;
    await pause(performance.now() - started);
  }
}
