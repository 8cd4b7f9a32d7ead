import type { Knex } from 'knex';

export type Engine = 'sqlite' | 'postgres';

/** Which database a knex handle (or transaction) talks to; the stored forms differ by engine. */
export const engineOf = (db: Knex | Knex.Transaction): Engine => {
  const dialect = (db.client as { dialect?: string }).dialect;
  if (dialect === 'sqlite3' || dialect === 'better-sqlite3') return 'sqlite';
  if (dialect === 'postgresql' || dialect === 'pg') return 'postgres';
  throw new Error(`unsupported database dialect: ${String(dialect)}`);
};
