import type { Knex } from 'knex';
import { createTempDatabase } from '../db/temp-database.js';

export interface CliDatabase {
  url: string;
  /** A minimal environment for the spawned CLI: no inherited secrets, a test environment. */
  env: NodeJS.ProcessEnv;
  db: Knex;
  cleanup(): Promise<void>;
}

/** A fresh, empty database on the suite's engine; the CLI's `migrate latest` creates the schema. */
export const createCliDatabase = async (): Promise<CliDatabase> => {
  const { url, db, cleanup } = await createTempDatabase({ migrate: false });
  return { url, db, cleanup, env: { PATH: process.env.PATH, SERVICE_DATABASE_URL: url, SERVICE_ENVIRONMENT: 'test' } };
};
