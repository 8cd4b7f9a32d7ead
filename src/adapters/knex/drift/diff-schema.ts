import type { Column, SchemaModel } from '../models/index.js';
import type { LiveColumn, LiveTable } from './live-schema.js';
import { declaredFamily, describeFamily } from './type-family.js';

const describeKey = (key: { table: string; column: string; onDelete: string } | null | undefined): string =>
  key ? `references ${key.table}.${key.column} on delete ${key.onDelete}` : 'no foreign key';

const nullability = (nullable: boolean): string => (nullable ? 'nullable' : 'not null');

const diffColumn = (where: string, declared: Column, live: LiveColumn): string[] => {
  const differences: string[] = [];
  const declaredType = describeFamily(declaredFamily(declared.type));
  const liveType = describeFamily(live.type);
  if (declaredType !== liveType) differences.push(`${where}: type is ${liveType} in the database, ${declaredType} in the model`);
  if (declared.nullable !== live.nullable) {
    differences.push(`${where}: ${nullability(live.nullable)} in the database, ${nullability(declared.nullable)} in the model`);
  }
  if ((declared.primary ?? false) !== live.primary) differences.push(`${where}: primary key differs (database: ${live.primary})`);
  if ((declared.unique ?? false) !== live.unique) differences.push(`${where}: unique key differs (database: ${live.unique})`);
  const declaredKey = describeKey(declared.references);
  const liveKey = describeKey(live.references);
  if (declaredKey !== liveKey) differences.push(`${where}: ${liveKey} in the database, ${declaredKey} in the model`);
  return differences;
};

const diffTable = (model: SchemaModel, live: LiveTable): string[] => {
  const differences: string[] = [];
  for (const column of model.columns) {
    const found = live.columns.find((c) => c.name === column.name);
    const where = `${model.table}.${column.name}`;
    if (found) differences.push(...diffColumn(where, column, found));
    else differences.push(`${where}: column missing from the database`);
  }
  for (const column of live.columns.filter((c) => !model.columns.some((m) => m.name === c.name))) {
    differences.push(`${model.table}.${column.name}: column in the database but not in the model`);
  }
  return differences;
};

/** Every difference between the declared models and the live schema, in a stable order; [] when none. */
export const diffSchema = (models: readonly SchemaModel[], live: readonly LiveTable[]): string[] => {
  const differences: string[] = [];
  for (const model of models) {
    const table = live.find((t) => t.name === model.table);
    if (table) differences.push(...diffTable(model, table));
    else differences.push(`${model.table}: table missing from the database`);
  }
  for (const table of live.filter((t) => !models.some((m) => m.table === t.name))) {
    differences.push(`${table.name}: table in the database but not in the models`);
  }
  return differences;
};
