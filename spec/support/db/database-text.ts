import type { Knex } from 'knex';
import { tableNames } from './table-names.js';

/** Every row of every application table, as text: what a backup or a replica of the database would give away. */
export const databaseText = async (db: Knex): Promise<string> => {
  const tables: Record<string, unknown[]> = {};
  for (const table of await tableNames(db)) tables[table] = (await db(table).select('*')) as unknown[];
  return JSON.stringify(tables);
};
