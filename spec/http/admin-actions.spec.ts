import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, createToken, login, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, passwordStep, registerPasskey } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

describe('HTTP /admin/users/{id}: disable, enable, sessions, MFA, delete', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let admin: SignedIn;
  let member: SignedIn;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
  });
  afterEach(() => h.close());

  const act = (method: 'post' | 'delete', path: string, who: SignedIn = admin) => api(h)[method](`/api/v1/admin/users/${path}`).set(asCookie(who));
  const me = (credential: Record<string, string>) => api(h).get('/api/v1/users/me').set(credential);
  const events = (userId: string, type: string) => countRows(h.db, 'security_events', { user_id: toStoredId(userId), type, actor: 'admin', actor_id: toStoredId(admin.userId) });
  const loginAs = (email: string, password = PASSWORD) => api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email, password });

  it('disable: sessions end, tokens answer 401 while disabled, login is refused like a wrong password; enable restores the tokens', async () => {
    const token = await createToken(h, member);
    const wrong = await loginAs(member.email, 'not the password at all, sorry');
    expect((await act('post', `${member.userId}/disable`)).status).to.equal(204);
    expect((await me(asCookie(member))).status).to.equal(401);
    expect((await me(asBearer(token))).status).to.equal(401);
    const refused = await loginAs(member.email);
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.equal(wrong.body);
    expect(await events(member.userId, 'user_disabled')).to.equal(1);
    const shown = await api(h).get(`/api/v1/admin/users/${member.userId}`).set(asCookie(admin));
    expect(shown.body.disabled).to.equal(true);

    expect((await act('post', `${member.userId}/enable`)).status).to.equal(204);
    expect((await me(asBearer(token))).status).to.equal(200);
    expect((await loginAs(member.email)).status).to.equal(200);
    expect(await events(member.userId, 'user_enabled')).to.equal(1);
  });

  it('disable ends a pending second step; the password step then refuses like a wrong password', async () => {
    const { secret } = await enrolTotp(h, member, clock.now());
    const pending = await passwordStep(h, member.email);
    expect((await act('post', `${member.userId}/disable`)).status).to.equal(204);
    const second = await api(h).post('/api/v1/auth/mfa').set(asPending(pending)).send({ code: secret.slice(0, 6) });
    expect(second.status).to.equal(401);
    expect((await loginAs(member.email)).body.code).to.equal('invalid_credentials');
  });

  it('a disabled user\'s passkey logs in nowhere: 401 invalid_credentials', async () => {
    const authenticator = new SoftAuthenticator(ORIGIN);
    await registerPasskey(h, member, authenticator);
    expect((await act('post', `${member.userId}/disable`)).status).to.equal(204);
    const request = await api(h).post('/api/v1/auth/passkey/options').set('Origin', ORIGIN);
    const cookie = sessionCookieOf(request, 'gh_passkey')!;
    const res = await api(h).post('/api/v1/auth/passkey').set({ Origin: ORIGIN, Cookie: `gh_passkey=${cookie}` }).send({ response: authenticator.assert(request.body) });
    expect([res.status, res.body.code]).to.deep.equal([401, 'invalid_credentials']);
  });

  it('DELETE …/sessions logs the user out everywhere; its tokens keep working', async () => {
    const second = await login(h, member.email);
    const token = await createToken(h, member);
    expect((await act('delete', `${member.userId}/sessions`)).status).to.equal(204);
    expect((await me(asCookie(member))).status).to.equal(401);
    expect((await me(asCookie(second))).status).to.equal(401);
    expect((await me(asBearer(token))).status).to.equal(200);
    expect(await events(member.userId, 'sessions_revoked_by_admin')).to.equal(1);
  });

  it('DELETE …/mfa removes every factor (the password alone logs in again), and is 204 when there were none', async () => {
    await enrolTotp(h, member, clock.now());
    expect((await loginAs(member.email)).body.mfa_required).to.equal(true);
    expect((await act('delete', `${member.userId}/mfa`)).status).to.equal(204);
    const res = await loginAs(member.email);
    expect([res.status, res.body.mfa_required]).to.deep.equal([200, undefined]);
    expect(await countRows(h.db, 'recovery_codes', { user_id: toStoredId(member.userId) })).to.equal(0);
    expect((await act('delete', `${member.userId}/mfa`)).status).to.equal(204);
    expect(await events(member.userId, 'mfa_reset_by_admin')).to.equal(2);
  });

  it('DELETE removes the user with everything it owns; user_deleted lands in the admin\'s own trail', async () => {
    const token = await createToken(h, member);
    expect((await act('delete', member.userId)).status).to.equal(204);
    expect((await me(asBearer(token))).status).to.equal(401);
    expect((await api(h).get(`/api/v1/admin/users/${member.userId}`).set(asCookie(admin))).status).to.equal(404);
    for (const table of ['sessions', 'api_tokens', 'security_events']) expect(await countRows(h.db, table, { user_id: toStoredId(member.userId) })).to.equal(0);
    expect(await countRows(h.db, 'security_events', { user_id: toStoredId(admin.userId), type: 'user_deleted', target_id: toStoredId(member.userId) })).to.equal(1);
  });

  for (const [method, path] of [['post', 'disable'], ['post', 'enable'], ['delete', 'sessions'], ['delete', 'mfa'], ['delete', '']] as const) {
    it(`${method.toUpperCase()} …/${path}: an unknown or malformed id is 404, a member is 403, nothing changes`, async () => {
      for (const id of ['01890a5d-ac96-774b-bcce-b302099a8057', 'not-a-uuid']) {
        const res = await act(method, `${id}${path ? `/${path}` : ''}`);
        expect([res.status, res.body.code]).to.deep.equal([404, 'not_found']);
      }
      const other = await registeredMember(h, admin.email);
      const res = await act(method, `${member.userId}${path ? `/${path}` : ''}`, other);
      expect([res.status, res.body.code]).to.deep.equal([403, 'forbidden']);
      expect((await me(asCookie(member))).status).to.equal(200);
      expect(await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), actor: 'admin' })).to.equal(0);
    });
  }
});
