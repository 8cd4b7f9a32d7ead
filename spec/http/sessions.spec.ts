import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { cookieHeader, createToken, login, registeredMember, type SignedIn, adminHarness } from '../support/http/users.js';
import { PASSWORD } from '../support/constants.js';

describe('HTTP /sessions', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const list = (token: string) => api(h).get('/api/v1/sessions').set('Cookie', cookieHeader(token));
  const revoke = (id: string, token: string) =>
    api(h).delete(`/api/v1/sessions/${id}`).set('Origin', ORIGIN).set('Cookie', cookieHeader(token));

  it('lists only the caller\'s sessions, newest first, with current marked', async () => {
    const member = await registeredMember(h, admin.email);
    const second = await api(h).post('/api/v1/auth/login').set('User-Agent', 'second-browser').send({ email: member.email, password: PASSWORD });
    const res = await list(member.token);
    expect(res.status).to.equal(200);
    expect(res.body).to.have.length(2);
    expect(res.body[0]).to.have.all.keys('id', 'created_at', 'expires_at', 'last_seen_at', 'user_agent', 'current', 'mfa');
    expect(res.body[0].user_agent).to.equal('second-browser');
    expect(res.body.map((s: { current: boolean }) => s.current)).to.deep.equal([false, true]);
    expect(second.status).to.equal(200);
  });

  it('marks no session current for an API token caller', async () => {
    const token = await createToken(h, admin);
    const res = await api(h).get('/api/v1/sessions').set('Authorization', `Bearer ${token}`);
    expect(res.status).to.equal(200);
    expect(res.body.length).to.be.greaterThan(0);
    expect(res.body.every((s: { current: boolean }) => s.current === false)).to.equal(true);
  });

  it('revokes another of the caller\'s sessions with 204 and keeps the cookie', async () => {
    const member = await registeredMember(h, admin.email);
    const other = await login(h, member.email);
    const id = (await list(member.token)).body.find((s: { current: boolean }) => !s.current).id;
    const res = await revoke(id, member.token);
    expect(res.status).to.equal(204);
    expect(res.headers['set-cookie']).to.equal(undefined);
    expect((await list(other.token)).status).to.equal(401);
  });

  it('treats revoking the current session as a logout: the cookie is expired', async () => {
    const session = await login(h, admin.email);
    const id = (await list(session.token)).body.find((s: { current: boolean }) => s.current).id;
    const res = await revoke(id, session.token);
    expect(res.status).to.equal(204);
    expect(res.headers['set-cookie']).to.deep.equal(['gh_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0']);
    expect((await list(session.token)).status).to.equal(401);
  });

  it('answers 404 for another user\'s session and for an unknown id', async () => {
    const member = await registeredMember(h, admin.email);
    const memberSession = (await list(member.token)).body[0].id;
    const res = await revoke(memberSession, admin.token);
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('not_found');
    expect((await revoke('01890a5d-ac96-774b-bcce-b302099a8057', admin.token)).status).to.equal(404);
    expect((await list(member.token)).status).to.equal(200);
  });

  it('revoke-others deletes every other session and keeps the current one', async () => {
    const member = await registeredMember(h, admin.email);
    const other = await login(h, member.email);
    const res = await api(h).post('/api/v1/sessions/revoke-others').set('Origin', ORIGIN).set('Cookie', cookieHeader(member.token));
    expect(res.status).to.equal(204);
    expect((await list(other.token)).status).to.equal(401);
    const remaining = await list(member.token);
    expect(remaining.body).to.have.length(1);
    expect(remaining.body[0].current).to.equal(true);
  });

  it('revoke-others answers 403 forbidden with an API token', async () => {
    const token = await createToken(h, admin);
    const res = await api(h).post('/api/v1/sessions/revoke-others').set('Authorization', `Bearer ${token}`);
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('forbidden');
  });
});
