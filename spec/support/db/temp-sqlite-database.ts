import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrations/migrator.js';
import type { TempDatabase, TempDatabaseOptions } from './temp-database.js';

/** A real file in its own temp folder (SPEC §1: never an in-memory database). */
export async function createTempSqliteDatabase({ migrate = true }: TempDatabaseOptions = {}): Promise<TempDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'gatehouse-db-'));
  const url = `sqlite://${join(folder, 'gatehouse.sqlite3')}`;
  const db = openDatabase(url);
  if (migrate) await migrateLatest(db);
  return {
    url,
    db,
    cleanup: async () => {
      await db.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
