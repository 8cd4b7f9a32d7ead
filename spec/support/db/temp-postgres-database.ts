import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { databaseUrl, onServer, quoteIdent } from './postgres-admin.js';
import { migratedTemplate } from './postgres-template.js';
import type { TempDatabase, TempDatabaseOptions } from './temp-database.js';

export interface TempPostgresDatabase extends TempDatabase {
  name: string;
  /** Refuses new connections and ends every open one, as if the server had gone away. */
  makeUnreachable(): Promise<void>;
  /** Accepts connections again; pools are expected to recover on their own. */
  makeReachable(): Promise<void>;
}

/**
 * A fresh database of its own on the test server, so runs and tests never see each other's rows;
 * migrated to latest by the real migrations (through the template) unless `migrate: false`.
 */
export async function createTempPostgresDatabase({ migrate = true }: TempDatabaseOptions = {}): Promise<TempPostgresDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const quoted = quoteIdent(name);
  const template = migrate ? ` template ${quoteIdent(await migratedTemplate())}` : '';
  await onServer(`create database ${quoted}${template}`);
  const url = databaseUrl(name);
  const db = openDatabase(url);
  return {
    url,
    db,
    name,
    makeUnreachable: () =>
      onServer(
        `alter database ${quoted} allow_connections false`,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
      ),
    makeReachable: () => onServer(`alter database ${quoted} allow_connections true`),
    cleanup: async () => {
      await db.destroy();
      // FORCE: a pool a failed test left open must not keep the database alive.
      await onServer(`drop database if exists ${quoted} with (force)`);
    },
  };
}
