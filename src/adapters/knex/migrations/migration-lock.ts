import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type pg from 'pg';
import { backoffDelayMs } from '../../availability/backoff.js';
import { engineOf } from '../connection/engine.js';

// Any fixed 64-bit key: the bytes of "gatehous". Advisory locks are per database, so two
// Gatehouse databases on one server never wait for each other.
const ADVISORY_LOCK_KEY = '7449363237540164979';
const LOCK_WAIT_MS = 30_000;

// knex's own definition of its bookkeeping tables (untyped; only what we call is declared).
const require = createRequire(import.meta.url);
const { ensureTable } = require('knex/lib/migrations/migrate/table-creator.js') as {
  ensureTable(tableName: string, schemaName: string | undefined, trx: Knex.Transaction): Promise<unknown>;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL: the whole run holds a session advisory lock, taken on a connection of its own outside
 * the pool (so a pool of one still works), and released when that connection closes, even if the
 * process dies. Whoever waited then finds nothing left to apply.
 */
const withAdvisoryLock = async <T>(db: Knex, run: () => Promise<T>): Promise<T> => {
  const client = db.client as Knex.Client;
  const connection = (await client.acquireRawConnection()) as pg.Client;
  try {
    await connection.query(`set statement_timeout = ${LOCK_WAIT_MS}`);
    await connection.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]).catch((error: unknown) => {
      throw new Error(`another process has held the migration lock for ${LOCK_WAIT_MS / 1000} s`, { cause: error });
    });
    return await run();
  } finally {
    await client.destroyRawConnection(connection);
  }
};

/** A process that found another one migrating the same SQLite file: waited past busy_timeout, or saw knex's lock held. */
const lostSqliteRace = (error: unknown): boolean => {
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'MigrationLocked' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'));
};

/**
 * SQLite: knex checks for its bookkeeping tables and creates them outside any transaction, so two
 * processes could both create them, or leave two lock rows that make knex's lock unobtainable
 * for good. Done first in one transaction (which begins IMMEDIATE, see sqlite-client.ts),
 * the check and the creation are one step; the migrations then run in knex's own transaction,
 * which waits for the file's write lock. A process that waited too long tries again.
 */
const retryWhileRacing = async <T>(db: Knex, run: () => Promise<T>): Promise<T> => {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction((trx) => ensureTable('knex_migrations', undefined, trx));
      return await run();
    } catch (error) {
      if (!lostSqliteRace(error) || Date.now() > deadline) throw error;
      await sleep(backoffDelayMs(attempt, Math.random(), { baseMs: 50, capMs: 1_000 }));
    }
  }
};

/** Runs a schema change so that processes starting together apply each migration exactly once. */
export const withMigrationLock = <T>(db: Knex, run: () => Promise<T>): Promise<T> =>
  engineOf(db) === 'postgres' ? withAdvisoryLock(db, run) : retryWhileRacing(db, run);
