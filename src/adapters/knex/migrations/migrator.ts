import type { Knex } from 'knex';
import { withMigrationLock } from './migration-lock.js';
import { MIGRATION_SOURCE } from './migration-source.js';

const config: Knex.MigratorConfig = { migrationSource: MIGRATION_SOURCE };

const namesOf = (log: unknown): string[] =>
  (Array.isArray(log) ? log : []).map((entry: unknown) =>
    typeof entry === 'string' ? entry : String((entry as { name?: unknown }).name),
  );

/** Applies every pending migration; returns the names applied (none when up to date, or when another process just did). */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, log] = (await withMigrationLock(db, () => db.migrate.latest(config))) as [number, unknown];
  return namesOf(log);
}

/** Reverts exactly one migration, the latest applied; returns its name (none when nothing is applied). */
export async function rollback(db: Knex): Promise<string[]> {
  const [, log] = (await withMigrationLock(db, () => db.migrate.down(config))) as [number, unknown];
  return namesOf(log);
}

export async function migrationStatus(db: Knex): Promise<{ completed: string[]; pending: string[] }> {
  const [completed, pending] = (await db.migrate.list(config)) as [unknown, unknown];
  return { completed: namesOf(completed), pending: namesOf(pending) };
}
