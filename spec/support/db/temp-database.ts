import type { Knex } from 'knex';
import { createTempPostgresDatabase } from './temp-postgres-database.js';
import { createTempSqliteDatabase } from './temp-sqlite-database.js';
import { TEST_ENGINE } from './test-engine.js';

export interface TempDatabase {
  /** A SERVICE_DATABASE_URL for the same database, for child processes and composeService. */
  url: string;
  db: Knex;
  cleanup(): Promise<void>;
}

export interface TempDatabaseOptions {
  /** Run the real migrations to latest first (default); false leaves it empty, for `gatehouse migrate`. */
  migrate?: boolean;
}

/**
 * A fresh database of the suite's engine (GATEHOUSE_TEST_ENGINE): a SQLite file in its own folder,
 * or `CREATE DATABASE gatehouse_test_<random>` on the PostgreSQL server, dropped by cleanup.
 */
export const createTempDatabase = (options: TempDatabaseOptions = {}): Promise<TempDatabase> =>
  TEST_ENGINE === 'postgres' ? createTempPostgresDatabase(options) : createTempSqliteDatabase(options);
