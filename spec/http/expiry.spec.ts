import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ownedRows } from '../support/http/rows.js';
import { PASSWORD, login, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const DAY = 24 * 60 * 60_000;

describe('HTTP expiry of invites and sessions, on an injected clock', () => {
  const clock = new FixedClock(new Date());
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  it('POST /auth/register with an expired invite → 400 invite_invalid, and no use is consumed', async () => {
    const invite = await api(h).post('/api/v1/invites').set(asCookie(admin)).send({ expires_in_days: 1 });
    clock.advance(DAY);
    const res = await api(h)
      .post('/api/v1/auth/register')
      .send({ invite_code: invite.body.code, email: uniqueEmail(), password: PASSWORD, display_name: 'Late' });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('invite_invalid');
    expect(res.headers['set-cookie']).to.equal(undefined);
    const [row] = await h.db('invites').select('used_count');
    expect(row.used_count).to.equal(0);
  });

  it('a session idle for 7 days → 401 not_authenticated, and its row is deleted', async () => {
    const session = await login(h, admin.email);
    const before = (await ownedRows(h.db, admin.userId)).sessions;
    clock.advance(7 * DAY);
    const res = await api(h).get('/api/v1/users/me').set(asCookie(session));
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('not_authenticated');
    expect((await ownedRows(h.db, admin.userId)).sessions).to.equal(before - 1);
  });
});
