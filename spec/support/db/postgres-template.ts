import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { migrateLatest } from '../../../src/adapters/knex/migrations/migrator.js';
import { databaseUrl, onServer, quoteIdent } from './postgres-admin.js';

// Migrating costs more than copying a database, so the real migrations run once per test process,
// into a template that every migrated test database is then cloned from (CREATE DATABASE … TEMPLATE).
const TEMPLATE = `gatehouse_template_${randomBytes(6).toString('hex')}`;
let built: Promise<string> | null = null;

const build = async (): Promise<string> => {
  await onServer(`create database ${quoteIdent(TEMPLATE)}`);
  const db = openDatabase(databaseUrl(TEMPLATE), { poolMax: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy(); // a template must have no connections when it is copied
  }
  return TEMPLATE;
};

/** The migrated template of this process, built on first use. */
export const migratedTemplate = (): Promise<string> => (built ??= build());

// A root-level hook (mocha runs it once, after every suite), so the template never outlives the run.
if (typeof after === 'function') {
  after(async () => {
    if (built) await onServer(`drop database if exists ${quoteIdent(TEMPLATE)} with (force)`);
  });
}
