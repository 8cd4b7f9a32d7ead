import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { engineOf } from '../../src/adapters/knex/connection/engine.js';
import { MODELS } from '../../src/adapters/knex/models/index.js';

const readAll = async (db: Knex, tolerated: readonly string[]): Promise<string> => {
  const tables: Record<string, unknown[]> = {};
  for (const model of MODELS) {
    if (model.table === 'second_factor_failures' && tolerated.length > 0) continue;
    const key = model.columns.find((column) => column.primary)?.name ?? model.columns[0]!.name;
    let query = db(model.table).select('*').orderBy(key);
    if (model.table === 'security_events' && tolerated.length > 0) query = query.whereNotIn('type', tolerated);
    tables[model.table] = await query;
  }
  return JSON.stringify(tables);
};

// Reading every table twice per request is most of what the fuzz specs cost, and most requests
// write nothing. SQLite says whether anything was committed: `PRAGMA data_version` on a connection
// changes when any other connection commits. So, on SQLite, a connection of our own that never
// writes watches the file, and a snapshot taken while nothing was committed is handed out again
// until something is. PostgreSQL is read in full every time.
interface Remembered {
  watcher: Database.Database;
  snapshots: Map<string, { version: unknown; text: string }>;
}
const remembered = new WeakMap<Knex, Remembered>();

const watcherOf = (db: Knex): Remembered => {
  let entry = remembered.get(db);
  if (!entry) {
    const { filename } = db.client.config.connection as { filename: string };
    const watcher = new Database(filename, { readonly: true });
    (db.client.pool as { on(event: 'poolDestroySuccess', listener: () => void): void }).on('poolDestroySuccess', () => watcher.close());
    entry = { watcher, snapshots: new Map() };
    remembered.set(db, entry);
  }
  return entry;
};

/**
 * Every row of every table the service owns, in a stable order: any write changes it. Security
 * events of the types in `tolerated` are left out: a wrong password re-checked on a known account
 * lands in its trail on purpose, and so does a refused second-factor proof's count toward the cap
 * (`second_factor_failures`): with `tolerated`, those are the writes a refusal may make.
 */
export const snapshotTables = async (db: Knex, tolerated: readonly string[] = []): Promise<string> => {
  if (engineOf(db) !== 'sqlite') return readAll(db, tolerated);
  const { watcher, snapshots } = watcherOf(db);
  if (!watcher.open) return readAll(db, tolerated);
  const key = JSON.stringify(tolerated);
  const version = watcher.pragma('data_version', { simple: true });
  const kept = snapshots.get(key);
  if (kept && kept.version === version) return kept.text;
  const text = await readAll(db, tolerated);
  // Kept only when nothing was committed while the tables were read.
  if (watcher.pragma('data_version', { simple: true }) === version) snapshots.set(key, { version, text });
  else snapshots.delete(key);
  return text;
};
