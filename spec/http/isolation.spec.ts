import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie, ownerWithEverything, type Owner } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ownedRows, storedId } from '../support/http/rows.js';
import { createToken, signedInAdmin } from '../support/http/users.js';

const UNKNOWN_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('HTTP isolation between two users', () => {
  let h: DatabaseHarness;
  let alice: Owner;
  let bob: Owner;

  before(async () => {
    h = await startHarness();
    const admin = await signedInAdmin(h);
    alice = await ownerWithEverything(h, admin.email);
    bob = await ownerWithEverything(h, admin.email);
    for (const owner of [alice, bob]) await createToken(h, owner, 'second');
  });
  after(() => h.close());

  const storedIds = async (table: string, userId: string): Promise<string[]> =>
    (await h.db(table).where('user_id', storedId(userId)).select('id')).map((row: { id: string }) => row.id);

  const pairs = () => [
    ['alice', alice, bob],
    ['bob', bob, alice],
  ] as const;
  const credentials = (caller: Owner) => [
    ['cookie', asCookie(caller)],
    ['token', asBearer(caller.apiToken)],
  ] as const;

  for (const list of ['sessions', 'tokens'] as const) {
    it(`GET /${list} returns exactly the caller's rows, with either credential`, async () => {
      for (const [, caller] of pairs()) {
        const own = await storedIds(list === 'sessions' ? 'sessions' : 'api_tokens', caller.userId);
        expect(own.length).to.be.greaterThan(1);
        for (const [credential, headers] of credentials(caller)) {
          const res = await api(h).get(`/api/v1/${list}`).set(headers);
          expect(res.status, credential).to.equal(200);
          expect(res.body.map((row: { id: string }) => storedId(row.id)), credential).to.have.members(own);
        }
      }
    });
  }

  it('answers 404 to the other user\'s session and token ids, exactly as to an unknown id, and deletes nothing', async () => {
    const before = { alice: await ownedRows(h.db, alice.userId), bob: await ownedRows(h.db, bob.userId) };
    for (const [name, caller, victim] of pairs()) {
      for (const [credential, headers] of credentials(caller)) {
        for (const [route, id] of [
          ['sessions', victim.secondSessionId],
          ['tokens', victim.tokenId],
        ] as const) {
          const res = await api(h).delete(`/api/v1/${route}/${id}`).set(headers);
          const unknown = await api(h).delete(`/api/v1/${route}/${UNKNOWN_ID}`).set(headers);
          expect(res.status, `${name} by ${credential} on ${route}`).to.equal(404);
          expect(res.body).to.deep.equal(unknown.body);
          expect(res.headers['set-cookie']).to.equal(undefined);
        }
      }
    }
    expect({ alice: await ownedRows(h.db, alice.userId), bob: await ownedRows(h.db, bob.userId) }).to.deep.equal(before);
  });
});
