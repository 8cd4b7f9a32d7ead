import type { Knex } from 'knex';
import { MIGRATION_TABLES, type LiveColumn, type LiveTable } from './live-schema.js';
import { sqliteFamily } from './type-family.js';

interface ColumnInfo { name: string; type: string; notnull: number; pk: number }
interface IndexInfo { name: string; unique: number; origin: string }
interface ForeignKeyInfo { from: string; table: string; to: string; on_delete: string }

const rows = <T>(db: Knex, sql: string, bindings: string[] = []): Promise<T[]> =>
  db.raw(sql, bindings) as unknown as Promise<T[]>;

/** Columns that carry a single-column UNIQUE index (from a constraint or CREATE UNIQUE INDEX). */
const uniqueColumns = async (db: Knex, table: string): Promise<Set<string>> => {
  const unique = new Set<string>();
  const indexes = await rows<IndexInfo>(db, 'select * from pragma_index_list(?)', [table]);
  for (const index of indexes.filter((i) => i.unique === 1 && i.origin !== 'pk')) {
    const columns = await rows<{ name: string }>(db, 'select name from pragma_index_info(?)', [index.name]);
    if (columns.length === 1 && columns[0]) unique.add(columns[0].name);
  }
  return unique;
};

const readTable = async (db: Knex, name: string): Promise<LiveTable> => {
  const info = await rows<ColumnInfo>(db, 'select * from pragma_table_info(?)', [name]);
  const keys = await rows<ForeignKeyInfo>(db, 'select * from pragma_foreign_key_list(?)', [name]);
  const unique = await uniqueColumns(db, name);
  const columns = info.map((column): LiveColumn => {
    const key = keys.find((k) => k.from === column.name);
    return {
      name: column.name,
      type: sqliteFamily(column.type),
      // SQLite lets a non-integer PRIMARY KEY hold NULL unless NOT NULL is declared, so trust notnull only.
      nullable: column.notnull === 0,
      primary: column.pk > 0,
      unique: unique.has(column.name),
      references: key ? { table: key.table, column: key.to, onDelete: key.on_delete.toUpperCase() } : null,
    };
  });
  return { name, columns };
};

export const readSqliteSchema = async (db: Knex): Promise<LiveTable[]> => {
  const tables = await rows<{ name: string }>(
    db,
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  const names = tables.map((t) => t.name).filter((name) => !MIGRATION_TABLES.includes(name));
  return Promise.all(names.map((name) => readTable(db, name)));
};
