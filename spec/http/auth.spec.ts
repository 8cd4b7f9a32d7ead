import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, inviteCode, login, registeredMember, sessionCookieOf, uniqueEmail, type SignedIn, adminHarness } from '../support/http/users.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('HTTP auth routes', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const register = (body: Record<string, unknown>) =>
    api(h).post('/api/v1/auth/register').set('Origin', ORIGIN).send(body);

  describe('POST /auth/register', () => {
    it('creates the user, answers 201 UserOut and sets the session cookie', async () => {
      const email = uniqueEmail('ada');
      const res = await register({ invite_code: await inviteCode(h, admin.email), email, password: PASSWORD, display_name: 'Ada' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'email', 'display_name', 'username', 'created_at');
      expect(res.body.id).to.match(UUID);
      expect(res.body.email).to.equal(email);
      expect(res.body.display_name).to.equal('Ada');
      expect(res.body.created_at).to.match(ISO_MS);
      expect(sessionCookieOf(res)).to.match(/^[A-Za-z0-9_-]{43,}$/);
      const me = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(sessionCookieOf(res)!));
      expect(me.body.id).to.equal(res.body.id);
    });

    it('normalises the email, so a differently cased address is taken: 409 email_taken', async () => {
      const email = uniqueEmail('case');
      await register({ invite_code: await inviteCode(h, admin.email), email, password: PASSWORD, display_name: 'One' });
      const res = await register({
        invite_code: await inviteCode(h, admin.email),
        email: email.toUpperCase(),
        password: PASSWORD,
        display_name: 'Two',
      });
      expect(res.status).to.equal(409);
      expect(res.body.code).to.equal('email_taken');
      expect(res.headers['set-cookie']).to.equal(undefined);
    });

    it('answers 400 invite_invalid for an unknown code', async () => {
      const res = await register({ invite_code: 'no-such-code', email: uniqueEmail(), password: PASSWORD, display_name: 'X' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.include({ code: 'invite_invalid', status: 400, type: 'about:blank' });
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
    });

    it('answers 409 invite_exhausted once max_uses is reached, and the refusal consumes nothing', async () => {
      const code = await inviteCode(h, admin.email, 1);
      const first = await register({ invite_code: code, email: uniqueEmail(), password: PASSWORD, display_name: 'First' });
      expect(first.status).to.equal(201);
      const res = await register({ invite_code: code, email: uniqueEmail(), password: PASSWORD, display_name: 'Second' });
      expect(res.status).to.equal(409);
      expect(res.body.code).to.equal('invite_exhausted');
    });

    it('answers 422 with locs under "body" and never echoes the submitted value', async () => {
      const res = await register({ invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password: 'short-secret', display_name: 'X', extra: 1 });
      expect(res.status).to.equal(422);
      expect(res.body.code).to.equal('validation_failed');
      expect(res.body.title).to.equal('Unprocessable Content');
      const locs = (res.body.errors as { loc: string[] }[]).map((problem) => problem.loc);
      expect(locs).to.deep.include(['body', 'password']);
      expect(locs).to.deep.include(['body', 'extra']);
      expect(res.text).not.to.include('short-secret');
    });
  });

  describe('POST /auth/login', () => {
    it('answers 200 UserOut with a fresh session cookie', async () => {
      const res = await api(h).post('/api/v1/auth/login').send({ email: admin.email, password: PASSWORD });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('id', 'email', 'display_name', 'username', 'created_at');
      expect(res.body).not.to.have.property('role');
      expect(sessionCookieOf(res)).to.be.a('string').and.not.equal(admin.token);
    });

    it('answers the same 401 invalid_credentials for a wrong password and an unknown email', async () => {
      const wrong = await api(h).post('/api/v1/auth/login').send({ email: admin.email, password: 'not the password at all' });
      const unknown = await api(h).post('/api/v1/auth/login').send({ email: uniqueEmail('ghost'), password: PASSWORD });
      expect(wrong.status).to.equal(401);
      expect(wrong.body.code).to.equal('invalid_credentials');
      expect(unknown.body).to.deep.equal(wrong.body);
      expect(wrong.headers['set-cookie']).to.equal(undefined);
    });

    it('kills a session cookie sent along (fixation): the old token is dead afterwards', async () => {
      const planted = (await login(h, admin.email)).token;
      const res = await api(h)
        .post('/api/v1/auth/login')
        .set('Cookie', cookieHeader(planted))
        .send({ email: admin.email, password: PASSWORD });
      expect(res.status).to.equal(200);
      const fresh = sessionCookieOf(res)!;
      expect(fresh).not.to.equal(planted);
      const old = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(planted));
      expect(old.status).to.equal(401);
      expect(old.body.code).to.equal('not_authenticated');
      const now = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(fresh));
      expect(now.status).to.equal(200);
    });

    it('checks only the shape of the body: a non-object is 422 at ["body"]', async () => {
      const res = await api(h).post('/api/v1/auth/login').type('json').send('[]');
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal([{ loc: ['body'], msg: res.body.errors[0].msg }]);
    });
  });

  describe('POST /auth/logout', () => {
    it('deletes the session, expires the cookie and answers 204', async () => {
      const session = await login(h, admin.email);
      const res = await api(h).post('/api/v1/auth/logout').set('Origin', ORIGIN).set('Cookie', cookieHeader(session.token));
      expect(res.status).to.equal(204);
      expect(res.headers['set-cookie']).to.deep.equal(['gh_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0']);
      const after = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(session.token));
      expect(after.status).to.equal(401);
    });

    it('ignores the cookie when a bearer header is present: that session survives', async () => {
      const session = await login(h, admin.email);
      const res = await api(h)
        .post('/api/v1/auth/logout')
        .set('Authorization', 'Bearer gh_pat_whatever')
        .set('Cookie', cookieHeader(session.token));
      expect(res.status).to.equal(204);
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(session.token))).status).to.equal(200);
    });

    it('is idempotent: without a cookie, or with a dead one, it is still 204', async () => {
      const none = await api(h).post('/api/v1/auth/logout');
      expect(none.status).to.equal(204);
      const dead = await api(h).post('/api/v1/auth/logout').set('Origin', ORIGIN).set('Cookie', cookieHeader('dead-token'));
      expect(dead.status).to.equal(204);
    });
  });

  it('registration ends the session of a cookie the browser already had', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await api(h)
      .post('/api/v1/auth/register')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(member.token))
      .send({ invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password: PASSWORD, display_name: 'Next' });
    expect(res.status).to.equal(201);
    const old = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(member.token));
    expect(old.status).to.equal(401);
  });
});
