import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const FLASH_LIFE_MS = 300_000;
const TOKEN_SECRET = /gh_pat_[A-Za-z0-9_-]+/;

/**
 * The flash cookie carries a one-time secret (an API token) across the redirect after creating it.
 * Its life is in the sealed value, not only in Max-Age: a copy replayed later shows nothing.
 */
describe('pages: the flash cookie opens only within its lifetime (SQLite and PostgreSQL)', () => {
  let h: DatabaseHarness;
  let clock: FixedClock;
  let user: SignedIn;

  before(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock, hasher: new CountingHasher() });
    user = await signedInAdmin(h);
  });
  after(async () => h?.close());

  /** Creates a token on the account page: the flash value its 303 sets. */
  const createToken = async (name: string): Promise<string> => {
    const res = await request(h.app).post('/gatehouse/account/tokens').set('Origin', ORIGIN).set('Cookie', cookieHeader(user.token)).type('form').send(`name=${name}`);
    expect(res.status).to.equal(303);
    const flash = sessionCookieOf(res, 'gh_flash');
    if (!flash) throw new Error('no flash cookie after creating a token');
    return flash;
  };
  const accountWith = (flash: string) => request(h.app).get('/gatehouse/account/tokens').set('Cookie', `${cookieHeader(user.token)}; gh_flash=${flash}`);

  it('within its life the secret is shown once, and the read expires the cookie', async () => {
    const flash = await createToken('within');
    clock.advance(FLASH_LIFE_MS - 1_000);
    const res = await accountWith(flash);
    expect(res.status).to.equal(200);
    expect(res.text).to.match(TOKEN_SECRET);
    expect(res.headers['set-cookie']).to.satisfy((lines: string[]) => lines.some((line) => /^gh_flash=;.*Max-Age=0/.test(line)));
  });

  it('a copy replayed after its life shows no secret, though the session is still good', async () => {
    const flash = await createToken('replayed');
    clock.advance(FLASH_LIFE_MS + 6_000);
    const res = await accountWith(flash);
    expect(res.status).to.equal(200);
    expect(res.text).to.contain('API tokens');
    expect(res.text).not.to.match(TOKEN_SECRET);
  });

  it('a copy replayed at the very end of its life shows nothing either', async () => {
    const flash = await createToken('edge');
    clock.advance(FLASH_LIFE_MS);
    expect((await accountWith(flash)).text).not.to.match(TOKEN_SECRET);
  });
});
