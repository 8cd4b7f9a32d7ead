import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, login, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, mfaCookieOf, passwordStep, rotatedCookie, totpCode } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const STEP = 30_000;

describe('HTTP second factor: TOTP enrolment and the two-step login', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let member: SignedIn;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
  });
  afterEach(() => h.close());

  const secondStep = (pending: string, body: Record<string, unknown>) => api(h).post('/api/v1/auth/mfa').set(asPending(pending)).send(body);

  it('enrols: the secret is shown once with its otpauth URI; a wrong code is 401, the right one returns 10 recovery codes', async () => {
    const other = await login(h, member.email);
    const enrolled = await api(h).post('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD });
    expect(enrolled.status).to.equal(201);
    const secret = enrolled.body.secret as string;
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    expect(enrolled.body.otpauth_uri).to.equal(`otpauth://totp/Gatehouse:${member.email}?secret=${secret}&issuer=Gatehouse&algorithm=SHA1&digits=6&period=30`);
    const wrong = await api(h).post('/api/v1/mfa/totp/confirm').set(asCookie(member)).send({ code: totpCode(secret, new Date(clock.now().getTime() + 5 * STEP)) });
    expect([wrong.status, wrong.body.code]).to.deep.equal([401, 'invalid_credentials']);
    const right = await api(h).post('/api/v1/mfa/totp/confirm').set(asCookie(member)).send({ code: totpCode(secret, clock.now()) });
    expect(right.status).to.equal(200);
    const unrotated = member.token;
    member.token = rotatedCookie(right);
    expect((await api(h).get('/api/v1/users/me').set(asCookie({ ...member, token: unrotated }))).status, 'confirmation rotated the session').to.equal(401);
    expect(right.body.recovery_codes).to.have.length(10);
    expect(new Set(right.body.recovery_codes).size).to.equal(10);
    const mfa = await api(h).get('/api/v1/mfa').set(asCookie(member));
    expect(mfa.body).to.deep.equal({ totp: true, passkeys: [], recovery_codes_left: 10 });
    const sessions = await api(h).get('/api/v1/sessions').set(asCookie(member));
    expect(sessions.body.map((s: { mfa: boolean; current: boolean }) => [s.current, s.mfa])).to.deep.equal([[true, true]]);
    expect((await api(h).get('/api/v1/users/me').set(asCookie(other))).status, 'every other session is revoked').to.equal(401);
    const again = await api(h).post('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD });
    expect([again.status, again.body.code]).to.deep.equal([409, 'mfa_already_enabled']);
    const nothing = await api(h).post('/api/v1/mfa/totp/confirm').set(asCookie(member)).send({ code: '123456' });
    expect([nothing.status, nothing.body.code]).to.deep.equal([409, 'mfa_not_enabled']);
  });

  it('a password alone opens nothing: 200 mfa_required, the gh_mfa cookie (Max-Age=300) and no session', async () => {
    await enrolTotp(h, member, clock.now());
    const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: member.email, password: PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(res.headers['set-cookie']).to.have.length(1);
    expect((res.headers['set-cookie'] as unknown as string[])[0]).to.match(/^gh_mfa=[A-Za-z0-9_-]{43,}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=300$/);
    const pending = mfaCookieOf(res)!;
    for (const cookie of [`gh_mfa=${pending}`, cookieHeader(pending)]) {
      const me = await api(h).get('/api/v1/users/me').set('Cookie', cookie);
      expect(me.status, `${cookie.split('=')[0]} is no credential for other routes`).to.equal(401);
    }
    const wrongPassword = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: 'not the password at all' });
    expect([wrongPassword.status, wrongPassword.body.code]).to.deep.equal([401, 'invalid_credentials']);
  });

  it('the second step with a code opens a session with MFA and expires gh_mfa; the same code is never accepted again', async () => {
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    const code = totpCode(secret, clock.now());
    const done = await secondStep(await passwordStep(h, member.email), { code });
    expect(done.status).to.equal(200);
    expect(done.body.id).to.equal(member.userId);
    expect(done.headers['set-cookie']).to.include('gh_mfa=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    const session = { ...member, token: sessionCookieOf(done)! };
    const sessions = await api(h).get('/api/v1/sessions').set(asCookie(session));
    expect(sessions.body.find((s: { current: boolean }) => s.current).mfa).to.equal(true);
    const replay = await secondStep(await passwordStep(h, member.email), { code });
    expect([replay.status, replay.body.code]).to.deep.equal([401, 'invalid_credentials']);
    const previousStep = await secondStep(await passwordStep(h, member.email), { code: totpCode(secret, new Date(clock.now().getTime() - STEP)) });
    expect(previousStep.status, 'an earlier step than one used is refused too').to.equal(401);
    clock.advance(STEP);
    expect((await secondStep(await passwordStep(h, member.email), { code: totpCode(secret, new Date(clock.now().getTime() + STEP)) })).status, 'one step ahead').to.equal(200);
  });

  it('a recovery code works once, typed in any case and without hyphens', async () => {
    const { recoveryCodes } = await enrolTotp(h, member, clock.now());
    const typed = recoveryCodes[0]!.replaceAll('-', '').toLowerCase();
    const used = await secondStep(await passwordStep(h, member.email), { recovery_code: typed });
    expect(used.status).to.equal(200);
    const again = await secondStep(await passwordStep(h, member.email), { recovery_code: recoveryCodes[0] });
    expect([again.status, again.body.code]).to.deep.equal([401, 'invalid_credentials']);
    expect((await api(h).get('/api/v1/mfa').set(asCookie(member))).body.recovery_codes_left).to.equal(9);
    const events = await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'recovery_code_used' });
    expect(events).to.equal(1);
  });

  it('five refused attempts end the pending login: the sixth, even right, is 401 not_authenticated', async () => {
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    const pending = await passwordStep(h, member.email);
    for (let i = 0; i < 5; i += 1) expect((await secondStep(pending, { code: '000000' })).body.code).to.equal('invalid_credentials');
    const sixth = await secondStep(pending, { code: totpCode(secret, clock.now()) });
    expect([sixth.status, sixth.body.code]).to.deep.equal([401, 'not_authenticated']);
    expect(await countRows(h.db, 'pending_logins', { user_id: toStoredId(member.userId) })).to.equal(0);
    expect(await countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'login_failed' })).to.equal(5);
  });

  it('a pending login is gone after 5 minutes, and without gh_mfa there is nothing to complete', async () => {
    const { secret } = await enrolTotp(h, member, clock.now());
    const pending = await passwordStep(h, member.email);
    clock.advance(5 * 60_000);
    const late = await secondStep(pending, { code: totpCode(secret, clock.now()) });
    expect([late.status, late.body.code]).to.deep.equal([401, 'not_authenticated']);
    const none = await api(h).post('/api/v1/auth/mfa').set('Origin', ORIGIN).send({ code: '123456' });
    expect([none.status, none.body.code]).to.deep.equal([401, 'not_authenticated']);
    const foreign = await api(h).post('/api/v1/auth/mfa').set(asPending(pending, 'https://evil.example')).send({ code: '123456' });
    expect([foreign.status, foreign.body.code]).to.deep.equal([403, 'csrf_rejected']);
  });

  it('the secret is stored sealed and no log line carries a secret or a code', async () => {
    const { secret, recoveryCodes } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    const code = totpCode(secret, clock.now());
    await secondStep(await passwordStep(h, member.email), { code });
    const [row] = await h.db('totp_factors').where('user_id', toStoredId(member.userId));
    expect(row.sealed_secret).to.match(/^v2\.[0-9a-f]{8}\./);
    expect(JSON.stringify(await h.db('totp_factors'))).not.to.include(secret);
    const stored = JSON.stringify(await h.db('recovery_codes'));
    for (const recovery of recoveryCodes) expect(stored).not.to.include(recovery.replaceAll('-', ''));
    const logs = h.logs.join('\n');
    for (const value of [secret, code, ...recoveryCodes]) expect(logs).not.to.include(value);
  });
});
