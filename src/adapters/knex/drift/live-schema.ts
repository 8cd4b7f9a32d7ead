/** A type as the drift check compares it: a family, plus a length where the family has one. */
export interface TypeFamily {
  family: string;
  length: number | null;
}

export interface LiveForeignKey {
  table: string;
  column: string;
  onDelete: string;
}

export interface LiveColumn {
  name: string;
  type: TypeFamily;
  nullable: boolean;
  primary: boolean;
  unique: boolean;
  references: LiveForeignKey | null;
}

/** The schema as the database reports it, normalised so SQLite and PostgreSQL compare alike. */
export interface LiveTable {
  name: string;
  columns: LiveColumn[];
}

/** knex's own bookkeeping tables are no part of the models. */
export const MIGRATION_TABLES: readonly string[] = ['knex_migrations', 'knex_migrations_lock'];
