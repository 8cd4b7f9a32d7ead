/** Logical column types; each maps to one type family per engine (see drift/type-family.ts). */
export type LogicalType =
  | { kind: 'id' }
  | { kind: 'string'; length: number }
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'timestamp' };

export interface ForeignKey {
  table: string;
  column: string;
  onDelete: 'CASCADE';
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

/** What every model declares, whatever record it maps; the drift check and the scopes need only this. */
export interface SchemaModel {
  table: string;
  columns: readonly Column[];
  /** The column a user scope filters on; null when the table has none (it cannot be scoped). */
  scopeColumn: string | null;
  /** The column a user scope sets to its own user on insert; null when a scope may not insert. */
  ownerColumn: string | null;
}

export interface Model<T> extends SchemaModel {
  columns: readonly Column<keyof T & string>[];
}

export const columnOf = (model: SchemaModel, name: string): Column => {
  const column = model.columns.find((c) => c.name === name);
  if (!column) throw new Error(`${model.table} has no column ${name}`);
  return column;
};

export const isUniqueKey = (model: SchemaModel, name: string): boolean => {
  const column = columnOf(model, name);
  return column.primary === true || column.unique === true;
};
