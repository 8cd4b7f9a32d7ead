import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, mfaCookieOf, totpCode } from '../support/mfa/mfa-users.js';
import { storedId } from '../support/http/rows.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const NEW_PASSWORD = 'an attacker chose this passphrase';

/**
 * The audit's takeover path: a recovery code (issued by an admin, or leaked) plus a new password
 * gave a full session to an account with TOTP; that session added a passkey with the password alone,
 * which made it count as MFA, removed the owner's TOTP and minted a token. It must stop at its first
 * step: a recovery never opens a session for a user with a second factor.
 */
for (const policy of ['none', 'all'] as const) {
  describe(`Account takeover through recovery is refused at its first step (SERVICE_MFA_REQUIRED=${policy})`, () => {
    let h: DatabaseHarness;
    let admin: SignedIn;
    const clock = new FixedClock(new Date());
    before(async () => {
      h = await startHarness({ SERVICE_MFA_REQUIRED: policy }, { clock });
      admin = await signedInAdmin(h);
    });
    after(() => h.close());

    it('a user with TOTP who recovers gets the second step, not a session', async () => {
      const owner = await registeredMember(h, admin.email);
      const { secret } = await enrolTotp(h, owner, clock.now());
      const { code } = await h.useCases.issueAccountRecovery('operator', { email: owner.email });

      const res = await api(h).post('/api/v1/auth/recover').set('Origin', ORIGIN).send({ email: owner.email, code, new_password: NEW_PASSWORD });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ mfa_required: true, methods: ['totp', 'recovery_code'] });
      expect(sessionCookieOf(res), 'no session cookie').to.equal(null);
      const pending = mfaCookieOf(res);
      expect(pending, 'the pending login cookie').to.be.a('string');
      expect(await countRows(h.db, 'sessions', { user_id: storedId(owner.userId) })).to.equal(0);

      // What the attacker would do next with the pending cookie, as if it were a session: nothing answers.
      const asSession = { Origin: ORIGIN, Cookie: cookieHeader(pending!) };
      for (const [method, path, body] of [
        ['post', '/api/v1/mfa/passkeys/options', { password: NEW_PASSWORD }],
        ['delete', '/api/v1/mfa/totp', { password: NEW_PASSWORD }],
        ['post', '/api/v1/tokens', { name: 'forever' }],
      ] as const) {
        const attempt = await api(h)[method](path).set(asSession).send(body);
        expect(attempt.status, `${method} ${path}`).to.equal(401);
      }
      const guess = totpCode(secret, clock.now()) === '000000' ? '111111' : '000000';
      const step = await api(h).post('/api/v1/auth/mfa').set(asPending(pending!)).send({ code: guess });
      expect(step.status, 'a guessed code does not finish it').to.equal(401);
      expect(await countRows(h.db, 'totp_factors', { user_id: storedId(owner.userId) }), 'the owner keeps its TOTP').to.equal(1);
    });

    it('the owner with its factor finishes the recovery with the new password and a code', async () => {
      const owner = await registeredMember(h, admin.email);
      const { secret } = await enrolTotp(h, owner, clock.now());
      const { code } = await h.useCases.issueAccountRecovery('operator', { email: owner.email });
      const res = await api(h).post('/api/v1/auth/recover').set('Origin', ORIGIN).send({ email: owner.email, code, new_password: NEW_PASSWORD });
      clock.advance(30_000); // the enrolment's code was used at confirmation: the next step's is fresh
      const step = await api(h).post('/api/v1/auth/mfa').set(asPending(mfaCookieOf(res)!)).send({ code: totpCode(secret, clock.now()) });
      expect(step.status).to.equal(200);
      expect(step.body.id).to.equal(owner.userId);
      const session = sessionCookieOf(step);
      expect((await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(session!))).status).to.equal(200);
      const password = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: owner.email, password: NEW_PASSWORD });
      expect(password.body.mfa_required, 'the new password is the one that counts').to.equal(true);
    });
  });
}
