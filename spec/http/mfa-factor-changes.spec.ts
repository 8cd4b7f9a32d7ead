import { expect } from 'chai';
import { uuidv7 } from 'uuidv7';
import { sha256Hex } from '../../src/adapters/crypto-secret-generator.js';
import { toStoredId, toStoredTime } from '../../src/adapters/knex/stored-forms.js';
import { TEST_ENGINE } from '../support/db/test-engine.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, loginWithCode, passwordStep, totpCode } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const STEP = 30_000;
const MINUTE = 60_000;

describe('HTTP second factor: step-up, removal and regeneration', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let member: SignedIn;
  let secret: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({ SERVICE_LOGIN_FAILURES_PER_EMAIL: '4' }, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
    ({ secret, recoveryCodes } = await enrolTotp(h, member, clock.now()));
    clock.advance(STEP);
  });
  afterEach(() => h.close());

  const code = () => totpCode(secret, clock.now());
  /** A step-up with a second factor rotates the session's secret: the caller carries on with the new cookie. */
  const stepUp = async (who: SignedIn, body: Record<string, unknown>) => {
    const res = await api(h).post('/api/v1/auth/step-up').set(asCookie(who)).send(body);
    const rotated = sessionCookieOf(res);
    if (res.status === 204 && rotated) who.token = rotated;
    return res;
  };
  const events = (type: string) => countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type });

  it('needs a second-factor proof younger than 15 minutes to remove a factor; step-up renews it and rotates the cookie', async () => {
    clock.advance(15 * MINUTE);
    const refused = await api(h).delete('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD });
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'step_up_required']);
    const byPassword = await stepUp(member, { password: PASSWORD });
    expect([byPassword.status, byPassword.body.code], 'a password alone is refused').to.deep.equal([401, 'invalid_credentials']);
    const [before, sessionsBefore] = [member.token, (await api(h).get('/api/v1/sessions').set(asCookie(member))).body];
    const renewed = await stepUp(member, { code: code() });
    expect(renewed.status).to.equal(204);
    expect(member.token, 'a new session secret in a new cookie').to.be.a('string').and.not.equal(before);
    expect((await api(h).get('/api/v1/users/me').set(asCookie({ ...member, token: before }))).status, 'the old value is dead at once').to.equal(401);
    expect((await api(h).get('/api/v1/sessions').set(asCookie(member))).body, 'the same session, by id').to.deep.equal(sessionsBefore);
    const removed = await api(h).delete('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD });
    expect(removed.status).to.equal(204);
    expect((await api(h).get('/api/v1/mfa').set(asCookie(member))).body).to.deep.equal({ totp: false, passkeys: [], recovery_codes_left: 0 });
    const plain = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
    expect(plain.body.id, 'without a factor the password alone logs in again').to.equal(member.userId);
    expect([await events('mfa_enabled'), await events('mfa_disabled')]).to.deep.equal([1, 1]);
  });

  it('a 100-bit recovery code issued before the change to 120 bits still completes a login, once', async () => {
    const legacy = '7K3M9-QW2XR-H4PZ8-TN6VB';
    // Stored as such codes were: the SHA-256 of the 20-character normalised form.
    await h.db('recovery_codes').insert({
      id: toStoredId(uuidv7()),
      user_id: toStoredId(member.userId),
      code_hash: sha256Hex(legacy.replaceAll('-', '')),
      created_at: toStoredTime(clock.now(), TEST_ENGINE),
    });
    const first = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ recovery_code: legacy.toLowerCase() });
    expect(first.status).to.equal(200);
    const again = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ recovery_code: legacy });
    expect([again.status, again.body.code]).to.deep.equal([401, 'invalid_credentials']);
  });

  it('a recovery code steps up too, once', async () => {
    clock.advance(20 * MINUTE);
    expect((await stepUp(member, { recovery_code: recoveryCodes[1] })).status).to.equal(204);
    expect((await stepUp(member, { recovery_code: recoveryCodes[1] })).body.code).to.equal('invalid_credentials');
    const both = await stepUp(member, { code: code(), recovery_code: recoveryCodes[2] });
    expect([both.status, both.body.errors[0].loc]).to.deep.equal([422, ['body']]);
  });

  it('every factor change needs the password: a wrong one is 401, counted per email and kept in the trail', async () => {
    const wrong = { password: 'not the password at all' };
    const deletion = await api(h).delete('/api/v1/mfa/totp').set(asCookie(member)).send(wrong);
    const regeneration = await api(h).post('/api/v1/mfa/recovery-codes').set(asCookie(member)).send(wrong);
    const options = await api(h).post('/api/v1/mfa/passkeys/options').set(asCookie(member)).send(wrong);
    const badCode = await stepUp(member, { code: '000000' });
    expect([deletion, regeneration, options, badCode].map((r) => r.body.code)).to.deep.equal(Array(4).fill('invalid_credentials'));
    const throttled = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: member.email, password: PASSWORD });
    expect([throttled.status, throttled.body.code], 'the fifth attempt for the email is refused').to.deep.equal([429, 'too_many_requests']);
    expect(await events('login_failed')).to.equal(4);
  });

  it('wrong second-step codes count toward the per-email limit across pending logins', async () => {
    for (let i = 0; i < 2; i += 1) {
      const pending = await passwordStep(h, member.email);
      for (let j = 0; j < 2; j += 1) await api(h).post('/api/v1/auth/mfa').set(asPending(pending)).send({ code: '000000' });
    }
    const fifth = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: member.email, password: PASSWORD });
    expect([fifth.status, fifth.body.code], 'four wrong codes used the email\'s budget of four').to.deep.equal([429, 'too_many_requests']);
    expect(Number(fifth.headers['retry-after'])).to.be.within(1, 900);
  });

  it('regenerating voids every earlier code, revokes other sessions and returns 10 new ones', async () => {
    clock.advance(STEP);
    const other = await loginWithCode(h, member.email, code());
    const res = await api(h).post('/api/v1/mfa/recovery-codes').set(asCookie(member)).send({ password: PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body.recovery_codes).to.have.length(10);
    expect(res.body.recovery_codes[0]).to.match(/^[0-9A-HJKMNP-TV-Z]{6}(-[0-9A-HJKMNP-TV-Z]{6}){3}$/);
    expect((await api(h).get('/api/v1/users/me').set(asCookie(other))).status).to.equal(401);
    const old = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ recovery_code: recoveryCodes[0] });
    expect(old.body.code).to.equal('invalid_credentials');
    const fresh = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ recovery_code: res.body.recovery_codes[0] });
    expect(fresh.status).to.equal(200);
    expect(await events('recovery_codes_regenerated')).to.equal(1);
  });

  it('a password change and account deletion of a user with MFA need the recent second-factor proof', async () => {
    clock.advance(16 * MINUTE);
    const change = await api(h).put('/api/v1/users/me/password').set(asCookie(member)).send({ current_password: PASSWORD, new_password: 'a brand new long passphrase 1' });
    const deletion = await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({ password: PASSWORD });
    expect([change.body.code, deletion.body.code]).to.deep.equal(['step_up_required', 'step_up_required']);
    expect((await stepUp(member, { code: code() })).status).to.equal(204);
    expect((await api(h).delete('/api/v1/users/me').set(asCookie(member)).send({ password: PASSWORD })).status).to.equal(204);
    expect(await countRows(h.db, 'totp_factors')).to.equal(0);
    expect(await countRows(h.db, 'recovery_codes')).to.equal(0);
  });
});
