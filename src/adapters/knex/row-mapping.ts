import type { Engine } from './connection/engine.js';
import type { Column, Model, SchemaModel } from './models/index.js';
import { fromStoredId, fromStoredTime, toStoredId, toStoredIdOrNull, toStoredTime } from './stored-forms.js';

export type StoredRow = Record<string, unknown>;

const toStored = (column: Column, value: unknown, engine: Engine): unknown => {
  if (value === null || value === undefined) return null;
  if (column.type.kind === 'id') return toStoredId(value as string);
  if (column.type.kind === 'timestamp') return toStoredTime(value as Date, engine);
  return value;
};

/** A value to compare a column with; undefined when no stored row can hold it (an id that is not a UUID). */
export const toStoredValue = (column: Column, value: unknown, engine: Engine): unknown => {
  if (column.type.kind === 'id' && typeof value === 'string') return toStoredIdOrNull(value) ?? undefined;
  return toStored(column, value, engine);
};

const fromStored = (column: Column, value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (column.type.kind === 'id') return fromStoredId(value as string);
  if (column.type.kind === 'timestamp') return fromStoredTime(value);
  if (column.type.kind === 'integer' || column.type.kind === 'bigint') return Number(value); // pg answers bigint as text
  return value;
};

/** Only the fields present in `record` are written, so the same mapping serves inserts and updates. */
export const toRow = <T>(model: Model<T>, record: { readonly [F in keyof T]?: unknown }, engine: Engine): StoredRow => {
  const row: StoredRow = {};
  for (const column of model.columns) {
    if (column.field in record) row[column.name] = toStored(column, record[column.field as keyof T], engine);
  }
  return row;
};

/**
 * `prefix` reads a row whose columns were aliased (see aliasedColumns), as in a join. The record's
 * ids (a UserId among them) are minted here: the store vouches for what it read.
 */
export const fromRow = <T>(model: Model<T>, row: StoredRow, prefix = ''): T => {
  const record: Record<string, unknown> = {};
  for (const column of model.columns) record[column.field] = fromStored(column, row[prefix + column.name]);
  return record as T;
};

/** Select list `table.column as prefixcolumn` for every column of the model, for joins. */
export const aliasedColumns = (model: SchemaModel, prefix: string): string[] =>
  model.columns.map((column) => `${model.table}.${column.name} as ${prefix}${column.name}`);
