import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { setConnectionPragmas } from '../connection/sqlite-pragmas.js';

const readers = new WeakMap<Knex, Database.Database>();

interface PoolEvents {
  on(event: 'poolDestroySuccess', listener: () => void): void;
}

/**
 * A connection of its own for the hot path's reads. In WAL mode a reader never waits for a writer
 * and sees only committed rows, so it needs neither knex's pool (whose promise-based acquire cost
 * more than the query) nor a transaction. Writes stay on the pool. Closed when knex's pool is.
 */
export const sqliteReaderFor = (db: Knex): Database.Database => {
  const existing = readers.get(db);
  if (existing?.open) return existing;
  const { filename } = db.client.config.connection as { filename: string };
  const reader = new Database(filename);
  setConnectionPragmas(reader);
  reader.pragma('query_only = ON'); // a read connection: any write on it is a bug
  (db.client.pool as PoolEvents).on('poolDestroySuccess', () => reader.close());
  readers.set(db, reader);
  return reader;
};
