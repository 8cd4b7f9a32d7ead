import type { Knex } from 'knex';

/** Rows per statement: each batch holds SQLite's write lock (and the event loop) for milliseconds. */
export const PURGE_BATCH = 500;

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
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes the rows `where` selects, at most `batch` per statement, handing the event loop back to
 * the requests between statements, until a statement deletes fewer than a batch. A million expired
 * rows then cost two thousand short statements instead of one that holds SQLite's write lock (or
 * PostgreSQL's statement timeout) for seconds. Instances may run it at once: each statement
 * deletes only what is still there.
 */
export async function deleteInBatches(db: Knex, plan: BatchedDelete): Promise<number> {
  const batch = plan.batch ?? PURGE_BATCH;
  let total = 0;
  for (;;) {
    const chosen = plan.where(db(plan.table).select(...plan.keys)).limit(batch);
    const deleted = (await db(plan.table).whereIn([...plan.keys], chosen).delete()) as number;
    total += deleted;
    if (deleted < batch) return total;
    await nextTurn();
  }
}
