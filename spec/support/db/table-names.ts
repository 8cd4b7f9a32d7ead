import type { Knex } from 'knex';
import { engineOf } from '../../../src/adapters/knex/connection/engine.js';

const SQL = {
  sqlite: "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' order by name",
  postgres: `select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'knex_%' order by table_name`,
};

/** The application's tables (not knex's bookkeeping), sorted, as the engine's catalogue lists them. */
export const tableNames = async (db: Knex): Promise<string[]> => {
  const result = (await db.raw(SQL[engineOf(db)])) as { name: string }[] | { rows: { name: string }[] };
  return (Array.isArray(result) ? result : result.rows).map((row) => row.name);
};
