import { expect } from 'chai';
import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { fromStoredId, toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { aSession, aUser } from '../contract/fixtures.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';

// Ids are stored alike on both engines; instants are not (sqlite/ and postgres/stored-instants.spec.ts).
describe(`stored forms (${ENGINE_LABEL})`, () => {
  let temp: TempDatabase;
  beforeEach(async () => (temp = await createTempDatabase()));
  afterEach(() => temp.cleanup());

  it('stores ids as 32 lowercase hex characters', async () => {
    const user = aUser();
    const session = aSession(user.id);
    const store = createKnexStore(temp.db);
    await store.auth.insertUser(user);
    await store.scopes.open(session.userId).insertSession(session);
    const rows = (await temp.db('sessions').select('id', 'user_id')) as Record<string, unknown>[];
    expect(rows).to.deep.equal([{ id: session.id.replaceAll('-', ''), user_id: user.id.replaceAll('-', '') }]);
    expect(rows[0]?.id).to.match(/^[0-9a-f]{32}$/);
  });

  it('finds a row written with the stored form by other means', async () => {
    const user = aUser();
    await temp.db('users').insert({
      id: toStoredId(user.id), email: user.email, display_name: 'Seeded', password_hash: 'x', role: 'member',
      created_at: '2026-01-02T03:04:05.678Z', updated_at: '2026-01-02T03:04:05.678Z',
    });
    const found = await createKnexStore(temp.db).scopes.open(user.id).findUser();
    expect(found?.displayName).to.equal('Seeded');
    expect(found?.createdAt.toISOString()).to.equal('2026-01-02T03:04:05.678Z');
  });

  it('converts between canonical and stored ids both ways, refusing anything else', () => {
    const canonical = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect(toStoredId(canonical.toUpperCase())).to.equal('0193a1b2c3d47e5f8a9b0c1d2e3f4a5b');
    expect(fromStoredId('0193a1b2c3d47e5f8a9b0c1d2e3f4a5b')).to.equal(canonical);
    expect(() => toStoredId('0193a1b2c3d47e5f8a9b0c1d2e3f4a5b')).to.throw();
    expect(() => fromStoredId(canonical)).to.throw();
  });
});
