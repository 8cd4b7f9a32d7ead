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

/**
 * The pause after a statement, as a multiple of the time it took. better-sqlite3 runs a statement
 * synchronously and knex settles it in a microtask, so a loop of awaited deletes would never hand
 * the event loop back. Nine times the statement leaves the purges a tenth of the thread (on
 * PostgreSQL, of the server's time), whatever the machine's speed: a purge is never in a hurry.
 * Three times was not enough on SQLite, where a purge also costs the requests outside its
 * statements (the write-ahead log they read through, its checkpoints): the growth bench measured
 * /users/me's p99 at 8.04× beside the purges with 3, 0.95× with 9.
 */
const PAUSE_FACTOR = 9;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)));

// Every purge of the process takes turns, statement and pause together: the event retention and
// the payload purge start on the same beat, and two loops pausing in each other's statements would
// hold the thread between them all the time (the growth bench measured p99 at 5.75× so).
let turn: Promise<unknown> = Promise.resolve();
const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
  const mine = turn.then(step);
  turn = mine.catch(() => undefined);
  return mine;
};

/**
 * Deletes the rows `where` selects, at most `batch` per statement, pausing after each statement
 * nine times as long as it took (other purges of the process wait their turn meanwhile), until a
 * statement deletes fewer than a batch. A million expired rows then cost ten thousand short
 * statements instead of one that holds SQLite's write lock and the event loop (or outlasts
 * PostgreSQL's statement timeout) for seconds. Instances may run it at once: each statement
 * deletes only what is still there.
 */
export async function deleteInBatches(db: Knex, plan: BatchedDelete): Promise<number> {
  const batch = plan.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    const deleted = await inTurn(async () => {
      const started = performance.now();
      const chosen = plan.where(db(plan.table).select(...plan.keys)).limit(batch);
      const count = (await db(plan.table).whereIn([...plan.keys], chosen).delete()) as number;
      if (count === batch) await pause(PAUSE_FACTOR * (performance.now() - started));
      return count;
    });
    total += deleted;
    if (deleted < batch) return total;
  }
}
