import { expect } from 'chai';
import type request from 'supertest';
import { snapshotTables } from '../fuzz/table-snapshot.js';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, login, PASSWORD, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const NEW_PASSWORD = 'a recovered passphrase 2026';
const WRONG_CODE = 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA';
const DAY = 24 * 60 * 60_000;

const recover = (h: DatabaseHarness, body: Record<string, unknown>) => api(h).post('/api/v1/auth/recover').set('Origin', ORIGIN).send(body);
const me = (h: DatabaseHarness, token: string) => api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(token));
/** What a client can see of a refusal, less what differs on every response (the request id, the date). */
const visible = (res: request.Response) => {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.status, headers, text: res.text };
};

describe('HTTP account recovery: POST /api/v1/auth/recover', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;
  const clock = new FixedClock(new Date());
  before(async () => {
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const issued = async () => {
    const member = await registeredMember(h, admin.email);
    const { code } = await h.useCases.issueAccountRecovery('operator', { email: member.email });
    return { member, code };
  };

  it('answers 200 UserOut with a new session cookie, ends the old sessions, and the new password works', async () => {
    const { member, code } = await issued();
    const second = await login(h, member.email);
    const res = await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys('id', 'email', 'display_name', 'username', 'created_at');
    expect(res.body.id).to.equal(member.userId);
    const cookie = sessionCookieOf(res);
    expect((await me(h, cookie!)).status).to.equal(200);
    for (const old of [member.token, second.token]) expect((await me(h, old)).status).to.equal(401);
    expect((await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD })).status).to.equal(401);
    await login(h, member.email, NEW_PASSWORD);
  });

  it('an admin issues the code over HTTP: 201 {code, expires_at} in 24 hours, recorded as the admin\'s; a member may not', async () => {
    const member = await registeredMember(h, admin.email);
    const refused = await api(h).post(`/api/v1/admin/users/${member.userId}/recovery`).set({ Origin: ORIGIN, Cookie: cookieHeader(member.token) });
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'forbidden']);
    const res = await api(h).post(`/api/v1/admin/users/${member.userId}/recovery`).set({ Origin: ORIGIN, Cookie: cookieHeader(admin.token) });
    expect(res.status).to.equal(201);
    expect(Date.parse(res.body.expires_at) - clock.now().getTime()).to.equal(DAY);
    const event = await h.db('security_events').where({ type: 'recovery_issued', actor: 'admin' }).orderBy('id', 'desc').first();
    expect(event.target_id, 'the event names the code by id, never the code').not.to.include(res.body.code);
    expect((await recover(h, { email: member.email, code: res.body.code, new_password: NEW_PASSWORD })).status).to.equal(200);
    const seen = await api(h).get(`/api/v1/admin/users/${member.userId}`).set({ Origin: ORIGIN, Cookie: cookieHeader(admin.token) });
    expect(seen.body.last_login_at, 'a recovery is a completed login').to.equal(clock.now().toISOString());
    const unknown = await api(h).post('/api/v1/admin/users/01890a5d-ac96-774b-bcce-b302099a8057/recovery').set({ Origin: ORIGIN, Cookie: cookieHeader(admin.token) });
    expect(unknown.status).to.equal(404);
  });

  it('a disabled account stays shut: its code is refused like a wrong one until an admin enables it', async () => {
    const { member, code } = await issued();
    await h.useCases.disableUser('operator', { email: member.email });
    const res = await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    expect([res.status, res.body.code]).to.deep.equal([400, 'recovery_invalid']);
    await h.useCases.enableUser('operator', { email: member.email });
    expect((await recover(h, { email: member.email, code, new_password: NEW_PASSWORD })).status).to.equal(200);
  });

  it('works once: the same code again is 400 recovery_invalid', async () => {
    const { member, code } = await issued();
    expect((await recover(h, { email: member.email, code, new_password: NEW_PASSWORD })).status).to.equal(200);
    const again = await recover(h, { email: member.email, code, new_password: `${NEW_PASSWORD}!` });
    expect([again.status, again.body.code]).to.deep.equal([400, 'recovery_invalid']);
  });

  it('works for its own user only', async () => {
    const { code } = await issued();
    const other = await registeredMember(h, admin.email);
    const res = await recover(h, { email: other.email, code, new_password: NEW_PASSWORD });
    expect([res.status, res.body.code]).to.deep.equal([400, 'recovery_invalid']);
    expect((await me(h, other.token)).status).to.equal(200);
  });

  it('expires after 24 hours', async () => {
    const { member, code } = await issued();
    clock.advance(DAY);
    const res = await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    expect([res.status, res.body.code]).to.deep.equal([400, 'recovery_invalid']);
  });

  it('answers an unknown email exactly as a wrong, used or expired code: status, headers and body', async () => {
    const { member, code } = await issued();
    const unknown = await recover(h, { email: 'nobody-here@example.com', code: WRONG_CODE, new_password: NEW_PASSWORD });
    const wrong = await recover(h, { email: member.email, code: WRONG_CODE, new_password: NEW_PASSWORD });
    await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    const used = await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.deep.equal({ type: 'about:blank', title: 'Bad Request', status: 400, code: 'recovery_invalid', detail: 'The recovery code is unknown, used or expired.' });
    for (const other of [wrong, used]) expect(visible(other)).to.deep.equal(visible(unknown));
    expect(unknown.headers['set-cookie']).to.equal(undefined);
  });

  it('writes nothing when it refuses, and never echoes what was sent', async () => {
    const { member } = await issued();
    const before = await snapshotTables(h.db);
    const refused = await recover(h, { email: member.email, code: WRONG_CODE, new_password: NEW_PASSWORD });
    const invalid = await recover(h, { email: member.email, code: WRONG_CODE, new_password: 'short-pass' });
    expect([refused.status, invalid.status]).to.deep.equal([400, 422]);
    expect(await snapshotTables(h.db)).to.equal(before);
    expect(refused.text + invalid.text).not.to.include('short-pass');
    expect(refused.text + invalid.text).not.to.include(member.email);
  });

  it('checks the account\'s password rules after the code: 422 for the holder, and the code still works', async () => {
    const { member, code } = await issued();
    const withEmail = `${member.email.split('@')[0]}-passphrase`;
    const unheld = await recover(h, { email: member.email, code: WRONG_CODE, new_password: withEmail });
    expect(unheld.status).to.equal(400);
    const held = await recover(h, { email: member.email, code, new_password: withEmail });
    expect([held.status, held.body.errors]).to.deep.equal([422, [{ loc: ['body', 'new_password'], msg: 'must not contain the email address' }]]);
    expect((await recover(h, { email: member.email, code, new_password: NEW_PASSWORD })).status).to.equal(200);
  });

  it('lets exactly one of two concurrent redemptions of one code win', async () => {
    const { member, code } = await issued();
    const results = await Promise.all([1, 2].map((i) => recover(h, { email: member.email, code, new_password: `${NEW_PASSWORD} ${i}` })));
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 400]);
  });

  it('refuses a foreign Origin (login CSRF) with 403 csrf_rejected', async () => {
    const { member, code } = await issued();
    const res = await api(h).post('/api/v1/auth/recover').set('Origin', 'https://evil.example').send({ email: member.email, code, new_password: NEW_PASSWORD });
    expect([res.status, res.body.code]).to.deep.equal([403, 'csrf_rejected']);
    expect((await recover(h, { email: member.email, code, new_password: NEW_PASSWORD })).status).to.equal(200);
  });
});

describe('HTTP account recovery: throttled like login', () => {
  let h: DatabaseHarness;
  afterEach(() => h.close());

  it('answers 429 with Retry-After past the per-email limit, for an email with or without an account', async () => {
    h = await startHarness({ SERVICE_LOGIN_FAILURES_PER_EMAIL: '2' });
    const admin = await signedInAdmin(h);
    const member = await registeredMember(h, admin.email);
    for (const email of [member.email, 'nobody-here@example.com']) {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await recover(h, { email, code: WRONG_CODE, new_password: NEW_PASSWORD })).status);
      expect(statuses).to.deep.equal([400, 400, 429]);
    }
    const { code } = await h.useCases.issueAccountRecovery('operator', { email: member.email });
    const throttled = await recover(h, { email: member.email, code, new_password: NEW_PASSWORD });
    expect([throttled.status, throttled.headers['retry-after']]).to.deep.equal([429, '900']);
  });

  it('counts toward the per-address limit with logins', async () => {
    h = await startHarness({ SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '2' });
    expect((await recover(h, { email: 'a@example.com', code: WRONG_CODE, new_password: NEW_PASSWORD })).status).to.equal(400);
    expect((await api(h).post('/api/v1/auth/login').send({ email: 'a@example.com', password: PASSWORD })).status).to.equal(401);
    expect((await recover(h, { email: 'b@example.com', code: WRONG_CODE, new_password: NEW_PASSWORD })).status).to.equal(429);
  });
});
