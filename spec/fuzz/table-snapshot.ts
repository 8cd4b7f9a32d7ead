import type { Knex } from 'knex';
import { MODELS } from '../../src/adapters/knex/models/index.js';

/** Every row of every table the service owns, in a stable order: any write changes it. */
export const snapshotTables = async (db: Knex): Promise<string> => {
  const tables: Record<string, unknown[]> = {};
  for (const model of MODELS) {
    const key = model.columns.find((column) => column.primary)?.name ?? model.columns[0]!.name;
    tables[model.table] = await db(model.table).select('*').orderBy(key);
  }
  return JSON.stringify(tables);
};
