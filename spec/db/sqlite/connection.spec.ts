import { expect } from 'chai';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openDatabase, sqliteFilename } from '../../../src/adapters/knex/connection/connection.js';
import { SQLITE_PAGE_CACHE_KIB } from '../../../src/adapters/knex/connection/sqlite-pragmas.js';
import { sqliteReaderFor } from '../../../src/adapters/knex/hot-path/sqlite-reader.js';
import { aSession, aUser } from '../../contract/fixtures.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import type { TempDatabase } from '../../support/db/temp-database.js';
import { createTempSqliteDatabase } from '../../support/db/temp-sqlite-database.js';

const pragma = async (temp: TempDatabase, name: string): Promise<unknown> =>
  Object.values(((await temp.db.raw(`pragma ${name}`)) as Record<string, unknown>[])[0] ?? {})[0];

describe('SQLite connection', () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempSqliteDatabase()));
  afterEach(() => temp.cleanup());

  it('sets foreign keys, WAL, synchronous=FULL (decision 0024) and a busy timeout on the connection', async () => {
    expect(await pragma(temp, 'foreign_keys')).to.equal(1);
    expect(await pragma(temp, 'journal_mode')).to.equal('wal');
    expect(await pragma(temp, 'synchronous')).to.equal(2);
    expect(await pragma(temp, 'busy_timeout')).to.equal(5000);
  });

  it("bounds the page cache of the pool's connection and of the hot path's reader to 4 MiB each (decision 0028)", async () => {
    expect(await pragma(temp, 'cache_size')).to.equal(-SQLITE_PAGE_CACHE_KIB);
    const reader = sqliteReaderFor(temp.db);
    expect(reader.pragma('cache_size', { simple: true })).to.equal(-4096);
    expect(reader.pragma('synchronous', { simple: true })).to.equal(2);
    expect(reader.pragma('query_only', { simple: true })).to.equal(1);
  });

  it('enforces foreign keys: a session for a missing user is refused', async () => {
    const ghost = aUser();
    const error = await createKnexStore(temp.db).scopes.open(ghost.id).insertSession(aSession(ghost.id)).catch((e: unknown) => e);
    expect((error as { code?: string }).code).to.equal('SQLITE_CONSTRAINT_FOREIGNKEY');
  });

  it('takes the write lock when a transaction begins (BEGIN IMMEDIATE)', async () => {
    const other = new Database(sqliteFilename(temp.url), { timeout: 0 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun: () => void = () => {};
    const started = new Promise<void>((resolve) => (begun = resolve));
    const transaction = temp.db.transaction(async () => {
      begun();
      await held; // no statement yet: only BEGIN has run
    });
    await started;
    try {
      expect(() => other.exec('BEGIN IMMEDIATE')).to.throw(/locked|busy/i);
    } finally {
      release();
      await transaction;
    }
    other.exec('BEGIN IMMEDIATE; ROLLBACK;');
    other.close();
  });

  it('resolves sqlite://relative paths against the working directory and creates the folder', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'gatehouse-url-'));
    const file = join(folder, 'nested', 'deeper', 'db.sqlite3');
    const db = openDatabase(`sqlite://${relative(process.cwd(), file)}`);
    await db.raw('select 1');
    expect(existsSync(file)).to.equal(true);
    await db.destroy();
    expect(sqliteFilename('sqlite:///var/lib/gatehouse/db.sqlite3')).to.equal('/var/lib/gatehouse/db.sqlite3');
    await rm(folder, { recursive: true, force: true });
  });
});
