/** Logical column types; each maps to one type family per engine (see drift/type-family.ts). */
export type LogicalType =
  | { kind: 'id' }
  | { kind: 'string'; length: number }
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'bigint' }
  | { kind: 'timestamp' };

export interface ForeignKey {
  table: string;
  column: string;
  onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT';
}

export interface Column<F extends string = string> {
  name: string;
  /** The property of the domain record this column stores. */
  field: F;
  type: LogicalType;
  nullable: boolean;
  primary?: boolean;
  unique?: boolean;
  references?: ForeignKey;
}

/** What every model declares, whatever record it maps; the drift check needs only this. */
export interface SchemaModel {
  table: string;
  columns: readonly Column[];
}

/** A table that stores records of type T; `K` names the fields the authentication session may look up by. */
export interface Model<T, K extends keyof T & string = keyof T & string> extends SchemaModel {
  /** Never set: it only lets the compiler recover T from a model (T appears nowhere else but in keys). */
  readonly recordType?: T;
  columns: readonly Column<keyof T & string>[];
  /** Primary and unique keys: the only fields an exact-match lookup may use. */
  keys: readonly K[];
}

/** A model a user scope may read, change and delete: every query is filtered on `scope.column`. */
export interface ScopedModel<T, S extends keyof T & string = keyof T & string, K extends keyof T & string = keyof T & string> extends Model<T, K> {
  scope: { column: string; field: S };
}

/** A model a user scope may insert into: its owner field is set to the scope's user whatever the record says. */
export interface InsertableModel<T, O extends keyof T & string = keyof T & string, K extends keyof T & string = keyof T & string> extends Model<T, K> {
  owner: { column: string; field: O };
}

/** Some columns of a model, read as a narrower record; it names no keys, so nothing looks up by it. */
export const projectionOf = <T, F extends keyof T & string>(model: Model<T>, fields: readonly F[]): Model<Pick<T, F>, never> => ({
  table: model.table,
  keys: [],
  columns: model.columns.filter((column): column is Column<F> => (fields as readonly string[]).includes(column.field)),
});

export const columnOf = (model: SchemaModel, name: string): Column => {
  const column = model.columns.find((c) => c.name === name);
  if (!column) throw new Error(`${model.table} has no column ${name}`);
  return column;
};

export const columnFor = <T>(model: Model<T>, field: keyof T & string): Column => {
  const column = model.columns.find((c) => c.field === field);
  if (!column) throw new Error(`${model.table} stores no field ${field}`);
  return column;
};

export const isUniqueKey = (model: SchemaModel, name: string): boolean => {
  const column = columnOf(model, name);
  return column.primary === true || column.unique === true;
};
