import type { Engine } from './engine.js';
import type { Column, Model, SchemaModel } from './models/index.js';
import { fromStoredId, fromStoredTime, toStoredId, toStoredTime } from './stored-forms.js';

export type StoredRow = Record<string, unknown>;

const toStored = (column: Column, value: unknown, engine: Engine): unknown => {
  if (value === null || value === undefined) return null;
  if (column.type.kind === 'id') return toStoredId(value as string);
  if (column.type.kind === 'timestamp') return toStoredTime(value as Date, engine);
  return value;
};

const fromStored = (column: Column, value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (column.type.kind === 'id') return fromStoredId(value as string);
  if (column.type.kind === 'timestamp') return fromStoredTime(value);
  if (column.type.kind === 'integer') return Number(value);
  return value;
};

/** Only the fields present in `record` are written, so the same mapping serves inserts and updates. */
export const toRow = <T>(model: Model<T>, record: Partial<T>, engine: Engine): StoredRow => {
  const row: StoredRow = {};
  for (const column of model.columns) {
    if (column.field in record) row[column.name] = toStored(column, record[column.field], engine);
  }
  return row;
};

/** `prefix` reads a row whose columns were aliased (see aliasedColumns), as in a join. */
export const fromRow = <T>(model: Model<T>, row: StoredRow, prefix = ''): T => {
  const record: Record<string, unknown> = {};
  for (const column of model.columns) record[column.field] = fromStored(column, row[prefix + column.name]);
  return record as T;
};

/** Select list `table.column as prefixcolumn` for every column of the model, for joins. */
export const aliasedColumns = (model: SchemaModel, prefix: string): string[] =>
  model.columns.map((column) => `${model.table}.${column.name} as ${prefix}${column.name}`);
