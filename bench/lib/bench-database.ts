import { randomBytes } from 'node:crypto';
import { databaseOn, onServer } from '../seed/seed-postgres.js';

/** The local server of the test suite; a bench creates its own database there and drops it. */
export const POSTGRES_SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The engine a bench that runs on both measures: BENCH_ENGINE=postgres, SQLite otherwise. */
export type BenchEngine = 'sqlite' | 'postgres';
export const benchEngine = (): BenchEngine => {
  const engine = process.env.BENCH_ENGINE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error('BENCH_ENGINE must be sqlite or postgres');
  return engine;
};

/** A fresh database on the PostgreSQL server for `body`, dropped afterwards whatever happens. */
export async function withPostgresDatabase<T>(prefix: string, body: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createPostgresDatabase(prefix);
  try {
    return await body(url);
  } finally {
    await drop();
  }
}

/** The same as a pair, for a script whose cleanup sits in its own `finally`. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(POSTGRES_SERVER_URL, `create database ${name}`);
  return { url: databaseOn(POSTGRES_SERVER_URL, name), drop: () => onServer(POSTGRES_SERVER_URL, `drop database if exists ${name} with (force)`) };
}
