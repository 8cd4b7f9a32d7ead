import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, createToken, registeredMember, uniqueEmail, type SignedIn, adminHarness } from '../support/http/users.js';

describe('HTTP /invites', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const create = (session: SignedIn) =>
    api(h).post('/api/v1/invites').set('Origin', ORIGIN).set('Cookie', cookieHeader(session.token));

  it('lets an admin create an invite whose code registers a member (201 InviteOut with code)', async () => {
    const res = await create(admin).send({ max_uses: 2, expires_in_days: 3 });
    expect(res.status).to.equal(201);
    expect(res.body).to.have.all.keys('id', 'max_uses', 'used_count', 'created_at', 'expires_at', 'code');
    expect(res.body).to.include({ max_uses: 2, used_count: 0 });
    expect((Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000).to.equal(3);
    const registered = await api(h)
      .post('/api/v1/auth/register')
      .send({ invite_code: res.body.code, email: uniqueEmail(), password: PASSWORD, display_name: 'Invited' });
    expect(registered.status).to.equal(201);
  });

  it('applies the defaults to an empty object: one use, seven days', async () => {
    const res = await create(admin).send({});
    expect(res.status).to.equal(201);
    expect(res.body.max_uses).to.equal(1);
    expect((Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000).to.equal(7);
  });

  it('accepts an admin\'s API token', async () => {
    const token = await createToken(h, admin);
    const res = await api(h).post('/api/v1/invites').set('Authorization', `Bearer ${token}`).send({});
    expect(res.status).to.equal(201);
  });

  it('answers 403 forbidden to a member', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await create(member).send({});
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('forbidden');
  });

  it('answers 422 at ["body", "max_uses"] above 1000', async () => {
    const res = await create(admin).send({ max_uses: 1001 });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].loc).to.deep.equal(['body', 'max_uses']);
  });

  it('answers 401 without a credential', async () => {
    const res = await api(h).post('/api/v1/invites').send({});
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('not_authenticated');
  });
});
