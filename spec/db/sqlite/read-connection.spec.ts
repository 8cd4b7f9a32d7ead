import { expect } from 'chai';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import { migrateLatest } from '../../../src/adapters/knex/migrations/migrator.js';
import { toStoredId } from '../../../src/adapters/knex/stored-forms.js';
import { aSession, aUser } from '../../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../../support/db/temp-database.js';

const openHandlesTo = (url: string): number => {
  const file = url.slice('sqlite://'.length);
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
    } catch {
      return false;
    }
  }).length;
};

describe('the SQLite read connection of the hot path', () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  it('sees a committed delete at once, and never a row another transaction has not committed', async () => {
    const store = createKnexStore(temp.db);
    const user = aUser();
    const [kept, pending] = [aSession(user.id), aSession(user.id)];
    await store.auth.insertUser(user);
    await store.scopes.open(kept.userId).insertSession(kept);
    expect(await store.auth.findSessionByTokenHash(kept.tokenHash)).to.not.equal(null);

    await store.scopes.open(user.id).deleteSession(kept.id);
    expect(await store.auth.findSessionByTokenHash(kept.tokenHash), 'revoked through the pool').to.equal(null);

    const trx = await temp.db.transaction();
    await trx('sessions').insert({
      id: toStoredId(pending.id),
      user_id: toStoredId(user.id),
      token_hash: pending.tokenHash,
      created_at: pending.createdAt.toISOString(),
      expires_at: pending.expiresAt.toISOString(),
      last_seen_at: pending.lastSeenAt.toISOString(),
      user_agent: null,
    });
    expect(await store.auth.findSessionByTokenHash(pending.tokenHash), 'uncommitted').to.equal(null);
    await trx.commit();
    expect(await store.auth.findSessionByTokenHash(pending.tokenHash), 'committed').to.not.equal(null);
  });

  it('is closed with the pool, so no file handle outlives knex', async () => {
    // A file of its own: SQLite parks a closed connection's descriptor while another connection
    // of the same process still holds locks on that file.
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-reader-'));
    const url = `sqlite://${dir}/alone.sqlite3`;
    const db = openDatabase(url);
    await migrateLatest(db);
    await createKnexStore(db).auth.findSessionByTokenHash('0'.repeat(64)); // opens the reader
    expect(openHandlesTo(url)).to.be.greaterThan(0);
    await db.destroy();
    expect(openHandlesTo(url)).to.equal(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
