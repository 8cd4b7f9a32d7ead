import type { Knex } from 'knex';
import { MODELS } from '../../src/adapters/knex/models/index.js';

/**
 * Every row of every table the service owns, in a stable order: any write changes it. Security
 * events of the types in `tolerated` are left out: a wrong password re-checked on a known account
 * lands in its trail on purpose, and so does a refused second-factor proof's count toward the cap
 * (`second_factor_failures`): with `tolerated`, those are the writes a refusal may make.
 */
export const snapshotTables = async (db: Knex, tolerated: readonly string[] = []): Promise<string> => {
  const tables: Record<string, unknown[]> = {};
  for (const model of MODELS) {
    if (model.table === 'second_factor_failures' && tolerated.length > 0) continue;
    const key = model.columns.find((column) => column.primary)?.name ?? model.columns[0]!.name;
    let query = db(model.table).select('*').orderBy(key);
    if (model.table === 'security_events' && tolerated.length > 0) query = query.whereNotIn('type', tolerated);
    tables[model.table] = await query;
  }
  return JSON.stringify(tables);
};
