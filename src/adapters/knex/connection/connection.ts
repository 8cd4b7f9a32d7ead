import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Database } from 'better-sqlite3';
import knex, { type Knex } from 'knex';
import type { Logger } from '../../../runtime/logger.js';
import type { ConnectionGate } from './connection-gate.js';
import { gatedPostgresClient } from './gated-postgres-client.js';
import { knexLog } from './knex-log.js';
import { MIGRATION_SOURCE } from '../migrations/migration-source.js';
import { SqliteClient } from './sqlite-client.js';
import { setConnectionPragmas } from './sqlite-pragmas.js';

export interface DatabaseOptions {
  poolMax?: number;
  /** Where knex's own messages go; without one they are dropped (never printed to stdout). */
  logger?: Pick<Logger, 'debug' | 'warn' | 'error'>;
  /** PostgreSQL only: asked before every new connection (see OutageTracker). */
  gate?: ConnectionGate;
}

const STATEMENT_TIMEOUT_MS = 5_000;
// The server's statement timeout cannot fire when the network goes silent; these bound the client.
const QUERY_TIMEOUT_MS = 7_000;
const CONNECT_TIMEOUT_MS = 5_000;
// Bounded so a health check answers "down" instead of hanging when no connection can be had.
const ACQUIRE_TIMEOUT_MS = 10_000;

/** `sqlite://relative/path` is relative to the working directory; `sqlite:///abs/path` is absolute. */
export const sqliteFilename = (url: string): string => resolve(process.cwd(), decodeURIComponent(url.slice('sqlite://'.length)));

// Set on every pooled connection; WAL once, since it is the file's mode and lets the reader read beside writes.
const prepareSqlite = (connection: Database, done: (error: Error | null, connection: Database) => void): void => {
  try {
    connection.pragma('journal_mode = WAL');
    setConnectionPragmas(connection);
    done(null, connection);
  } catch (error) {
    done(error as Error, connection);
  }
};

const sqliteConfig = (url: string, options: DatabaseOptions): Knex.Config => {
  const filename = sqliteFilename(url);
  mkdirSync(dirname(filename), { recursive: true });
  return {
    client: SqliteClient,
    connection: { filename },
    useNullAsDefault: true,
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: { afterCreate: prepareSqlite },
    migrations: { migrationSource: MIGRATION_SOURCE },
    log: knexLog(options.logger),
  };
};

const postgresConfig = (url: string, options: DatabaseOptions): Knex.Config => ({
  client: options.gate ? gatedPostgresClient(options.gate) : 'pg',
  connection: {
    connectionString: url,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  },
  pool: { min: 0, max: options.poolMax ?? 10 },
  acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
  migrations: { migrationSource: MIGRATION_SOURCE },
  log: knexLog(options.logger),
});

/** The knex settings for a SERVICE_DATABASE_URL; shared by the service and knexfile.ts. */
export const databaseConfig = (url: string, options: DatabaseOptions = {}): Knex.Config => {
  if (url.startsWith('sqlite://')) return sqliteConfig(url, options);
  if (/^postgres(ql)?:\/\//.test(url)) return postgresConfig(url, options);
  throw new Error('database URL must start with sqlite:// or postgres://');
};

export function openDatabase(url: string, options: DatabaseOptions = {}): Knex {
  return knex(databaseConfig(url, options));
}
