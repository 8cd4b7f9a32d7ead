import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../src/adapters/knex/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrator.js';
import type { TempDatabase } from './temp-database.js';

/** Set to a server URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the PostgreSQL suites. */
export const POSTGRES_TEST_URL = process.env.GATEHOUSE_TEST_POSTGRES_URL ?? '';

/** A fresh database on that server, migrated to latest; cleanup drops it. */
export async function createTempPostgresDatabase(serverUrl = POSTGRES_TEST_URL): Promise<TempDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(serverUrl, { poolMax: 1 });
  await admin.raw('create database ??', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString());
  await migrateLatest(db);
  return {
    url: url.toString(),
    db,
    cleanup: async () => {
      await db.destroy();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}
