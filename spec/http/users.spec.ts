import { expect } from 'chai';
import type request from 'supertest';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ownedRows } from '../support/http/rows.js';
import {
  PASSWORD,
  cookieHeader,
  createToken,
  login,
  registeredMember,
  sessionCookieOf,
  signedInAdmin,
  type SignedIn,
} from '../support/http/users.js';

const NEW_PASSWORD = 'another long passphrase for tests 7';

describe('HTTP /users/me', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    h = await startHarness();
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const withCookie = (req: request.Test, token: string) => req.set('Origin', ORIGIN).set('Cookie', cookieHeader(token));

  it('GET answers 200 UserOut without role', async () => {
    const res = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(admin.token));
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys('id', 'email', 'display_name', 'username', 'created_at');
    expect(res.text).not.to.include('role');
    expect(res.text).not.to.include('admin"');
  });

  it('PATCH changes the display name (NFC, trimmed) and answers UserOut', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await withCookie(api(h).patch('/api/v1/users/me'), member.token).send({ display_name: '  Zoë  ' });
    expect(res.status).to.equal(200);
    expect(res.body.display_name).to.equal('Zoë');
  });

  it('PATCH answers 422 at ["body", "display_name"] for a control character', async () => {
    const res = await withCookie(api(h).patch('/api/v1/users/me'), admin.token).send({ display_name: 'a\u0007b' });
    expect(res.status).to.equal(422);
    expect(res.body.errors[0].loc).to.deep.equal(['body', 'display_name']);
  });

  describe('PUT /users/me/password', () => {
    it('rotates the current session, revokes the others, keeps API tokens', async () => {
      const member = await registeredMember(h, admin.email);
      const other = await login(h, member.email);
      const token = await createToken(h, member);
      const res = await withCookie(api(h).put('/api/v1/users/me/password'), member.token).send({
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(res.status).to.equal(204);
      const rotated = sessionCookieOf(res);
      expect(rotated).to.be.a('string').and.not.equal(member.token);
      for (const dead of [member.token, other.token]) {
        expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(dead))).status).to.equal(401);
      }
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(rotated!))).status).to.equal(200);
      expect((await api(h).get('/api/v1/users/me').set('Authorization', `Bearer ${token}`)).status).to.equal(200);
      expect(await ownedRows(h.db, member.userId)).to.deep.include({ sessions: 1 });
      const old = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
      expect(old.status).to.equal(401);
      expect(old.body.code).to.equal('invalid_credentials');
      await login(h, member.email, NEW_PASSWORD);
    });

    it('answers 422 at ["body", "new_password"] for a weak new password, and changes nothing', async () => {
      const member = await registeredMember(h, admin.email);
      for (const weak of ['tiny-pass', 'a'.repeat(20), member.email.split('@')[0]!.repeat(3)]) {
        const res = await withCookie(api(h).put('/api/v1/users/me/password'), member.token).send({ current_password: PASSWORD, new_password: weak });
        expect(res.status, weak).to.equal(422);
        expect(res.body.errors.map((problem: { loc: string[] }) => problem.loc)).to.deep.equal([['body', 'new_password']]);
        expect(res.text).not.to.include(weak);
      }
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(member.token))).status).to.equal(200);
      await login(h, member.email, PASSWORD);
    });

    it('answers 401 invalid_credentials for a wrong current password', async () => {
      const res = await withCookie(api(h).put('/api/v1/users/me/password'), admin.token).send({
        current_password: 'definitely not the password',
        new_password: NEW_PASSWORD,
      });
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('invalid_credentials');
    });

    it('answers 403 forbidden with an API token', async () => {
      const token = await createToken(h, admin);
      const res = await api(h)
        .put('/api/v1/users/me/password')
        .set('Authorization', `Bearer ${token}`)
        .send({ current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('forbidden');
    });
  });

  describe('DELETE /users/me', () => {
    it('deletes the account, its sessions and tokens, and expires the cookie', async () => {
      const member = await registeredMember(h, admin.email);
      const token = await createToken(h, member);
      const res = await withCookie(api(h).delete('/api/v1/users/me'), member.token).send({ password: PASSWORD });
      expect(res.status).to.equal(204);
      expect(res.headers['set-cookie']).to.deep.equal(['gh_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0']);
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(member.token))).status).to.equal(401);
      expect((await api(h).get('/api/v1/users/me').set('Authorization', `Bearer ${token}`)).status).to.equal(401);
      const relogin = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
      expect(relogin.status).to.equal(401);
    });

    it('answers 401 invalid_credentials for a wrong password and keeps the account', async () => {
      const member = await registeredMember(h, admin.email);
      const res = await withCookie(api(h).delete('/api/v1/users/me'), member.token).send({ password: 'wrong wrong wrong wrong' });
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('invalid_credentials');
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(member.token))).status).to.equal(200);
    });

    it('answers 403 forbidden with an API token', async () => {
      const member = await registeredMember(h, admin.email);
      const token = await createToken(h, member);
      const res = await api(h).delete('/api/v1/users/me').set('Authorization', `Bearer ${token}`).send({ password: PASSWORD });
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('forbidden');
    });
  });
});
