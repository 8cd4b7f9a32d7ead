import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { openDatabase } from '../../../src/adapters/knex/connection.js';

export interface CliDatabase {
  url: string;
  /** A minimal environment for the spawned CLI: no inherited secrets, a test environment. */
  env: NodeJS.ProcessEnv;
  db: Knex;
  cleanup(): Promise<void>;
}

/** A fresh SQLite file in its own folder; the CLI's `migrate latest` creates the schema. */
export const createCliDatabase = (): CliDatabase => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
  const url = `sqlite://${join(dir, 'gatehouse.sqlite3')}`;
  const db = openDatabase(url);
  return {
    url,
    db,
    env: { PATH: process.env.PATH, SERVICE_DATABASE_URL: url, SERVICE_ENVIRONMENT: 'test' },
    cleanup: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
