import { expect } from 'chai';
import { createKnexStore } from '../../../src/adapters/knex/knex-store.js';
import { aSession, aUser } from '../../contract/fixtures.js';
import type { TempDatabase } from '../../support/db/temp-database.js';
import { createTempSqliteDatabase } from '../../support/db/temp-sqlite-database.js';

describe('stored instants (SQLite file)', () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempSqliteDatabase()));
  afterEach(() => temp.cleanup());

  // SQLite has no timestamp type: ISO-8601 UTC text with a Z sorts and compares correctly as text.
  it('stores instants as ISO-8601 UTC text with milliseconds', async () => {
    const user = aUser();
    const store = createKnexStore(temp.db);
    await store.auth.insertUser(user);
    await store.scopes.open(user.id).insertSession(aSession(user.id));
    const [row] = (await temp.db.raw('select created_at, expires_at from sessions')) as Record<string, unknown>[];
    expect(row).to.deep.equal({ created_at: '2026-01-02T03:04:05.678Z', expires_at: '2026-01-09T03:04:05.678Z' });
  });
});
