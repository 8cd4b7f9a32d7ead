import type { Knex } from 'knex';
import { engineOf } from '../connection/engine.js';
import { sqliteReaderFor } from '../hot-path/sqlite-reader.js';

/** knex's own bookkeeping table (the migrator's default name): which migrations have run. */
const MIGRATIONS_TABLE = 'knex_migrations';

/** The unscoped session of docs/architecture.md. It sees every row, so it offers nothing that reads a user table. */
export class UnscopedAccess {
  constructor(private readonly db: Knex) {}

  async ping(): Promise<boolean> {
    try {
      // SQLite's pool is one connection, held by each write transaction from BEGIN to COMMIT: a
      // probe queued there waited for every login ahead of it. The read connection is never held.
      if (engineOf(this.db) === 'sqlite') return sqliteReaderFor(this.db).prepare('select 1').get() !== undefined;
      await this.db.raw('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Whether every named migration is recorded as applied. Read directly rather than through
   * `migrate.list()`, which creates the bookkeeping tables when they are missing: a probe writes
   * nothing. A newer schema (a later release migrated first) still counts as current.
   */
  async hasApplied(names: readonly string[]): Promise<boolean> {
    try {
      const rows: { name: string }[] = await this.db(MIGRATIONS_TABLE).select('name');
      const applied = new Set(rows.map((row) => row.name));
      return names.every((name) => applied.has(name));
    } catch {
      return false;
    }
  }
}
