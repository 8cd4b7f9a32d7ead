import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, login, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, loginWithCode, passwordStep, registerPasskey, totpCode } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const CONTEXT = { userAgent: null, clientAddress: '203.0.113.7' };

/** sessions.auth_methods, as describeSignIn answers it for the ID token's amr (RFC 8176). */
describe('How a session was opened: describeSignIn', () => {
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

  const describeSignIn = async (who: SignedIn) => {
    const { principal } = await h.useCases.authenticateSession(who.token, CONTEXT);
    return h.useCases.describeSignIn(principal);
  };
  const amrOf = async (who: SignedIn) => (await describeSignIn(who)).amr;

  it('registration and a password login: pwd; the session\'s id, user and authenticatedAt come with it', async () => {
    expect(await amrOf(member)).to.deep.equal(['pwd']);
    clock.advance(60_000);
    const again = await login(h, member.email);
    const described = await describeSignIn(again);
    expect(described.amr).to.deep.equal(['pwd']);
    expect(described.userId).to.equal(member.userId);
    expect(described.authTime.toISOString()).to.equal(clock.now().toISOString());
    const sessions = await api(h).get('/api/v1/sessions').set(asCookie(again));
    expect(described.sessionId).to.equal(sessions.body.find((s: { current: boolean }) => s.current).id);
  });

  it('password and a TOTP code, or a recovery code: pwd otp mfa; a password change keeps them', async () => {
    const { secret, recoveryCodes } = await enrolTotp(h, member, clock.now());
    clock.advance(60_000);
    const withCode = await loginWithCode(h, member.email, totpCode(secret, clock.now()));
    expect(await amrOf(withCode)).to.deep.equal(['pwd', 'otp', 'mfa']);
    const pending = await passwordStep(h, member.email);
    const res = await api(h).post('/api/v1/auth/mfa').set(asPending(pending)).send({ recovery_code: recoveryCodes[0] });
    const withRecovery = { ...member, token: sessionCookieOf(res)! };
    expect(await amrOf(withRecovery)).to.deep.equal(['pwd', 'otp', 'mfa']);
    const changed = await api(h).put('/api/v1/users/me/password').set(asCookie(withRecovery)).send({ current_password: PASSWORD, new_password: `${PASSWORD}-new` });
    expect(changed.status).to.be.oneOf([200, 204]);
    expect(await amrOf({ ...member, token: sessionCookieOf(changed)! })).to.deep.equal(['pwd', 'otp', 'mfa']);
  });

  it('password and a passkey as second step: pwd hwk mfa; a passkey without a password: hwk', async () => {
    const authenticator = new SoftAuthenticator(ORIGIN);
    await registerPasskey(h, member, authenticator);
    const pending = await passwordStep(h, member.email);
    const options = await api(h).post('/api/v1/auth/mfa/passkey/options').set(asPending(pending));
    const done = await api(h).post('/api/v1/auth/mfa/passkey').set(asPending(pending)).send({ response: authenticator.assert(options.body) });
    expect(await amrOf({ ...member, token: sessionCookieOf(done)! })).to.deep.equal(['pwd', 'hwk', 'mfa']);
    const request = await api(h).post('/api/v1/auth/passkey/options').set('Origin', ORIGIN);
    const cookie = sessionCookieOf(request, 'gh_passkey')!;
    const alone = await api(h).post('/api/v1/auth/passkey').set({ Origin: ORIGIN, Cookie: `gh_passkey=${cookie}` }).send({ response: authenticator.assert(request.body) });
    expect(await amrOf({ ...member, token: sessionCookieOf(alone)! })).to.deep.equal(['hwk', 'mfa']);
  });

  it('account recovery of a user without a second factor: pwd', async () => {
    const issued = await api(h).post(`/api/v1/admin/users/${member.userId}/recovery`).set(asCookie(admin));
    const res = await api(h).post('/api/v1/auth/recover').set('Origin', ORIGIN).send({ email: member.email, code: issued.body.code, new_password: `${PASSWORD}-recovered` });
    expect(res.status).to.equal(200);
    expect(await amrOf({ ...member, token: sessionCookieOf(res)! })).to.deep.equal(['pwd']);
  });

  it('refuses an API token principal (forbidden)', async () => {
    const created = await api(h).post('/api/v1/tokens').set(asCookie(member)).send({ name: 'ci' });
    const principal = await h.useCases.authenticateApiToken(created.body.token, CONTEXT);
    const refused = await h.useCases.describeSignIn(principal).catch((error: { code?: string }) => error.code);
    expect(refused).to.equal('forbidden');
  });
});
