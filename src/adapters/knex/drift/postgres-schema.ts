import type { Knex } from 'knex';
import { MIGRATION_TABLES, type LiveTable } from './live-schema.js';
import { postgresFamily } from './type-family.js';

interface ColumnRow { table_name: string; column_name: string; data_type: string; max_length: number | null; is_nullable: string }
interface KeyRow { table_name: string; column_name: string; is_primary: boolean }
interface ForeignRow { table_name: string; column_name: string; ref_table: string; ref_column: string; on_delete: string }

const ON_DELETE: Record<string, string> = { c: 'CASCADE', a: 'NO ACTION', r: 'RESTRICT', n: 'SET NULL', d: 'SET DEFAULT' };

const rows = async <T>(db: Knex, sql: string): Promise<T[]> => ((await db.raw(sql)) as { rows: T[] }).rows;

const COLUMNS = `select c.table_name, c.column_name, c.data_type, c.character_maximum_length as max_length, c.is_nullable
  from information_schema.columns c join information_schema.tables t
    on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
  where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`;

// Single-column unique indexes, whether made by a constraint or by CREATE UNIQUE INDEX, and every
// column of a primary key (as SQLite's pragma reports a composite key: each column has pk > 0).
const KEYS = `select t.relname as table_name, a.attname as column_name, i.indisprimary as is_primary
  from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
  join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey::int2[])
  where n.nspname = current_schema() and i.indisunique and (i.indnkeyatts = 1 or i.indisprimary) and i.indpred is null`;

const FOREIGN = `select t.relname as table_name, a.attname as column_name, r.relname as ref_table,
    ra.attname as ref_column, c.confdeltype as on_delete
  from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
  join pg_class r on r.oid = c.confrelid
  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
  where c.contype = 'f' and n.nspname = current_schema() and array_length(c.conkey, 1) = 1`;

export const readPostgresSchema = async (db: Knex): Promise<LiveTable[]> => {
  const [columns, keys, foreign] = [await rows<ColumnRow>(db, COLUMNS), await rows<KeyRow>(db, KEYS), await rows<ForeignRow>(db, FOREIGN)];
  const tables = new Map<string, LiveTable>();
  for (const column of columns.filter((c) => !MIGRATION_TABLES.includes(c.table_name))) {
    const table = tables.get(column.table_name) ?? { name: column.table_name, columns: [] };
    tables.set(table.name, table);
    const at = <R extends { table_name: string; column_name: string }>(r: R) =>
      r.table_name === column.table_name && r.column_name === column.column_name;
    const key = foreign.find(at);
    table.columns.push({
      name: column.column_name,
      type: postgresFamily(column.data_type, column.max_length),
      nullable: column.is_nullable === 'YES',
      primary: keys.some((k) => at(k) && k.is_primary),
      unique: keys.some((k) => at(k) && !k.is_primary),
      references: key ? { table: key.ref_table, column: key.ref_column, onDelete: ON_DELETE[key.on_delete] ?? key.on_delete } : null,
    });
  }
  return [...tables.values()];
};
