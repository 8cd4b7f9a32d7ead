import { expect } from 'chai';
import type request from 'supertest';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { cookieHeader, createToken, registeredMember, type SignedIn, adminHarness } from '../support/http/users.js';

describe('HTTP /tokens', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const asCookie = (req: request.Test, session: SignedIn) => req.set('Origin', ORIGIN).set('Cookie', cookieHeader(session.token));
  const asBearer = (req: request.Test, token: string) => req.set('Authorization', `Bearer ${token}`);

  it('lives through create → list → use → revoke → 401', async () => {
    const member = await registeredMember(h, admin.email);
    const created = await asCookie(api(h).post('/api/v1/tokens'), member).send({ name: ' deploy ', expires_in_days: 30 });
    expect(created.status).to.equal(201);
    expect(created.body).to.have.all.keys('id', 'name', 'created_at', 'expires_at', 'last_used_at', 'token');
    expect(created.body.name).to.equal('deploy');
    expect(created.body.token).to.match(/^gh_pat_[A-Za-z0-9_-]{43,}$/);
    expect(created.body.last_used_at).to.equal(null);
    const days = (Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)) / 86_400_000;
    expect(days).to.equal(30);

    const me = await asBearer(api(h).get('/api/v1/users/me'), created.body.token);
    expect(me.status).to.equal(200);
    expect(me.body.email).to.equal(member.email);

    const listed = await asBearer(api(h).get('/api/v1/tokens'), created.body.token);
    expect(listed.status).to.equal(200);
    expect(listed.body).to.have.length(1);
    expect(listed.body[0]).not.to.have.property('token');
    expect(listed.body[0].id).to.equal(created.body.id);
    expect(listed.body[0].last_used_at).to.be.a('string');
    expect(listed.text).not.to.include(created.body.token);

    const revoked = await asBearer(api(h).delete(`/api/v1/tokens/${created.body.id}`), created.body.token);
    expect(revoked.status).to.equal(204);
    const after = await asBearer(api(h).get('/api/v1/users/me'), created.body.token);
    expect(after.status).to.equal(401);
    expect(after.body.code).to.equal('not_authenticated');
    expect(after.headers['www-authenticate']).to.match(/^Bearer/);
  });

  it('creates a never-expiring token when expires_in_days is absent or null', async () => {
    for (const body of [{ name: 'forever' }, { name: 'forever', expires_in_days: null }]) {
      const res = await asCookie(api(h).post('/api/v1/tokens'), admin).send(body);
      expect(res.status).to.equal(201);
      expect(res.body.expires_at).to.equal(null);
    }
  });

  it('answers 422 at ["body", "expires_in_days"] out of range', async () => {
    const res = await asCookie(api(h).post('/api/v1/tokens'), admin).send({ name: 'x', expires_in_days: 366 });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].loc).to.deep.equal(['body', 'expires_in_days']);
  });

  it('answers 404 when revoking another user\'s token, which stays valid', async () => {
    const member = await registeredMember(h, admin.email);
    const secret = await createToken(h, member);
    const id = (await asBearer(api(h).get('/api/v1/tokens'), secret)).body[0].id;
    const res = await asCookie(api(h).delete(`/api/v1/tokens/${id}`), admin);
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('not_found');
    expect((await asBearer(api(h).get('/api/v1/users/me'), secret)).status).to.equal(200);
  });

  it('never accepts a token in the query string', async () => {
    const secret = await createToken(h, admin);
    const res = await api(h).get(`/api/v1/users/me?access_token=${secret}`);
    expect(res.status).to.equal(401);
  });

  describe('credential matrix on GET /users/me', () => {
    let member: SignedIn;
    let memberToken: string;

    before(async () => {
      member = await registeredMember(h, admin.email, 'Matrix');
      memberToken = await createToken(h, member);
    });

    const me = () => api(h).get('/api/v1/users/me');
    const cases: [string, (req: request.Test) => request.Test, number, () => string | null][] = [
      ['no credential', (req) => req, 401, () => null],
      ['the member\'s cookie', (req) => req.set('Cookie', cookieHeader(member.token)), 200, () => member.email],
      ['the member\'s token', (req) => asBearer(req, memberToken), 200, () => member.email],
      ['the admin\'s cookie', (req) => req.set('Cookie', cookieHeader(admin.token)), 200, () => admin.email],
      ['an unknown cookie', (req) => req.set('Cookie', cookieHeader('forged')), 401, () => null],
      ['an unknown bearer token', (req) => asBearer(req, 'gh_pat_forged'), 401, () => null],
      ['a malformed Authorization header', (req) => req.set('Authorization', 'Basic Zm9vOmJhcg=='), 401, () => null],
      ['a session token presented as bearer', (req) => asBearer(req, member.token), 401, () => null],
      ['a token with the admin\'s cookie: bearer wins', (req) => asBearer(req.set('Cookie', cookieHeader(admin.token)), memberToken), 200, () => member.email],
      ['a dead bearer with a live cookie: cookie ignored', (req) => asBearer(req.set('Cookie', cookieHeader(admin.token)), 'gh_pat_dead'), 401, () => null],
    ];
    for (const [label, present, status, email] of cases) {
      it(`${label} → ${status}`, async () => {
        const res = await present(me());
        expect(res.status).to.equal(status);
        if (status === 200) expect(res.body.email).to.equal(email());
        else expect(res.body.code).to.equal('not_authenticated');
      });
    }
  });
});
