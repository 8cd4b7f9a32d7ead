import { existsSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrations/migrator.js';
import type { TempDatabase, TempDatabaseOptions } from './temp-database.js';

// Migrating costs more than copying a file, so the real migrations run once per process, into a
// template file that every migrated test database is then a byte-for-byte copy of (as
// postgres-template.ts clones a template database).
let template: Promise<string> | null = null;

const buildTemplate = async (): Promise<string> => {
  const folder = await mkdtemp(join(tmpdir(), 'gatehouse-db-template-'));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'template.sqlite3');
  const db = openDatabase(`sqlite://${file}`);
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy(); // the last connection's close checkpoints the WAL into the file and removes it
  }
  if (existsSync(`${file}-wal`)) throw new Error(`the migrated template ${file} still has a write-ahead log: a copy of the file alone would miss it`);
  return file;
};

const migratedTemplate = (): Promise<string> => {
  template ??= buildTemplate().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
};

/** A real file in its own temp folder (SPEC §1: never an in-memory database). */
export async function createTempSqliteDatabase({ migrate = true }: TempDatabaseOptions = {}): Promise<TempDatabase> {
  const source = migrate ? await migratedTemplate() : null;
  const folder = await mkdtemp(join(tmpdir(), 'gatehouse-db-'));
  const file = join(folder, 'gatehouse.sqlite3');
  if (source) await copyFile(source, file);
  const url = `sqlite://${file}`;
  const db = openDatabase(url);
  return {
    url,
    db,
    cleanup: async () => {
      await db.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
