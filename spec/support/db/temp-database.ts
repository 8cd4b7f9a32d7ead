import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { openDatabase } from '../../../src/adapters/knex/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrator.js';

export interface TempDatabase {
  /** A SERVICE_DATABASE_URL for the same file, for child processes and composeService. */
  url: string;
  db: Knex;
  cleanup(): Promise<void>;
}

/** A fresh SQLite file in its own temp folder, migrated to latest with the real migrations. */
export async function createTempDatabase(): Promise<TempDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'gatehouse-db-'));
  const url = `sqlite://${join(folder, 'gatehouse.sqlite3')}`;
  const db = openDatabase(url);
  await migrateLatest(db);
  return {
    url,
    db,
    cleanup: async () => {
      await db.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
