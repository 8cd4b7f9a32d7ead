import { expect } from 'chai';
import { engineOf } from '../../src/adapters/knex/connection/engine.js';
import { toStoredId, toStoredTime } from '../../src/adapters/knex/stored-forms.js';
import { LIVE_INVITES_PER_ADMIN } from '../../src/core/domain/quotas.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, login, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

describe('HTTP /admin/invites, and the quota of live invites per admin', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let admin: SignedIn;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  afterEach(() => h.close());

  const issue = (who: SignedIn) => api(h).post('/api/v1/invites').set(asCookie(who)).send({});
  const register = (code: string) =>
    api(h).post('/api/v1/auth/register').set('Origin', ORIGIN).send({ invite_code: code, email: uniqueEmail(), password: PASSWORD, display_name: 'New' });

  it("lists every admin's invites, newest first, as InviteOut without codes", async () => {
    const email = uniqueEmail('admin');
    await h.useCases.createAdmin({ email, password: PASSWORD });
    const other = await login(h, email);
    const first = await issue(admin);
    clock.advance(1_000);
    const second = await issue(other);
    const res = await api(h).get('/api/v1/admin/invites').set(asCookie(other));
    expect(res.status).to.equal(200);
    expect(res.body.map((i: { id: string }) => i.id)).to.deep.equal([second.body.id, first.body.id]);
    for (const invite of res.body) expect(invite).to.have.all.keys('id', 'max_uses', 'used_count', 'created_at', 'expires_at');
  });

  it('revokes an invite: registering with it is then 400 invite_invalid; invite_revoked is recorded', async () => {
    const created = await issue(admin);
    expect((await api(h).delete(`/api/v1/admin/invites/${created.body.id}`).set(asCookie(admin))).status).to.equal(204);
    const res = await register(created.body.code);
    expect([res.status, res.body.code]).to.deep.equal([400, 'invite_invalid']);
    expect(await countRows(h.db, 'security_events', { type: 'invite_revoked', actor: 'admin', target_id: toStoredId(created.body.id) })).to.equal(1);
    const again = await api(h).delete(`/api/v1/admin/invites/${created.body.id}`).set(asCookie(admin));
    expect([again.status, again.body.code]).to.deep.equal([404, 'not_found']);
    expect((await api(h).delete('/api/v1/admin/invites/nope').set(asCookie(admin))).status).to.equal(404);
  });

  it('names the API token an invite was issued with in invite_created, also after the token is revoked; none for a cookie', async () => {
    const token = await api(h).post('/api/v1/tokens').set(asCookie(admin)).send({ name: 'automation' });
    const byToken = await api(h).post('/api/v1/invites').set(asBearer(token.body.token)).send({});
    const byCookie = await issue(admin);
    expect([token.status, byToken.status, byCookie.status]).to.deep.equal([201, 201, 201]);
    expect((await api(h).delete(`/api/v1/tokens/${token.body.id}`).set(asCookie(admin))).status).to.equal(204);
    const rows = await h.db('security_events').where({ type: 'invite_created' }).select('target_id', 'via_token_id');
    expect(rows).to.have.deep.members([
      { target_id: toStoredId(byToken.body.id), via_token_id: toStoredId(token.body.id) },
      { target_id: toStoredId(byCookie.body.id), via_token_id: null },
    ]);
  });

  it('answers 403 to a member, and revokes nothing', async () => {
    const created = await issue(admin);
    const member = await registeredMember(h, admin.email);
    expect((await api(h).get('/api/v1/admin/invites').set(asCookie(member))).status).to.equal(403);
    expect((await api(h).delete(`/api/v1/admin/invites/${created.body.id}`).set(asCookie(member))).status).to.equal(403);
    expect((await register(created.body.code)).status).to.equal(201);
  });

  it(`refuses the ${LIVE_INVITES_PER_ADMIN + 1}th unexpired invite with 409 quota_exceeded; an expired one frees a place`, async function () {
    this.timeout(60_000);
    // A thousand live invites written straight to the table: the quota, not the route, is under test.
    const engine = engineOf(h.db);
    const at = (ms: number) => toStoredTime(new Date(clock.now().getTime() + ms), engine);
    const rows = Array.from({ length: LIVE_INVITES_PER_ADMIN }, (_, i) => ({
      id: `0190a5d0${String(i).padStart(4, '0')}70008000000000000000`.slice(0, 32),
      code_hash: String(i).padStart(64, '0'),
      created_by: toStoredId(admin.userId),
      max_uses: 1,
      used_count: 0,
      created_at: at(0),
      expires_at: at(i === 0 ? 60_000 : 86_400_000),
    }));
    for (let i = 0; i < rows.length; i += 100) await h.db('invites').insert(rows.slice(i, i + 100));
    const refused = await issue(admin);
    expect([refused.status, refused.body.code]).to.deep.equal([409, 'quota_exceeded']);
    expect(await countRows(h.db, 'invites')).to.equal(LIVE_INVITES_PER_ADMIN);
    clock.advance(120_000);
    expect((await issue(admin)).status).to.equal(201);
  });
});
