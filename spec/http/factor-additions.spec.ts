import { expect } from 'chai';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { enrolTotp, registerPasskey, rotatedCookie, totpCode } from '../support/mfa/mfa-users.js';
import { SoftAuthenticator } from '../support/mfa/soft-authenticator.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const MINUTE = 60_000;

/** A password alone never adds a factor to an account that has one: it may be all a thief has. */
describe('HTTP adding a second factor to an account that has one needs the step-up proof', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let adminEmail: string;
  const authenticator = new SoftAuthenticator(ORIGIN);
  before(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    adminEmail = (await signedInAdmin(h)).email;
  });
  after(() => h.close());

  const passkeyOptions = (who: SignedIn) => api(h).post('/api/v1/mfa/passkeys/options').set(asCookie(who)).send({ password: PASSWORD });
  const stepUpWithCode = async (who: SignedIn, secret: string) => {
    const res = await api(h).post('/api/v1/auth/step-up').set(asCookie(who)).send({ code: totpCode(secret, clock.now()) });
    expect(res.status).to.equal(204);
    who.token = rotatedCookie(res);
  };

  it('a user with TOTP whose proof is older than 15 minutes gets 403 step_up_required for passkey options, and 200 after a step-up', async () => {
    const member = await registeredMember(h, adminEmail);
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(16 * MINUTE);
    const refused = await passkeyOptions(member);
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'step_up_required']);
    expect(await countRows(h.db, 'webauthn_challenges'), 'nothing was written').to.equal(0);
    await stepUpWithCode(member, secret);
    expect((await passkeyOptions(member)).status).to.equal(200);
  });

  it('a user with a passkey whose proof is stale gets 403 step_up_required when enrolling TOTP', async () => {
    const member = await registeredMember(h, adminEmail);
    await registerPasskey(h, member, authenticator);
    clock.advance(16 * MINUTE);
    const refused = await api(h).post('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD });
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'step_up_required']);
    expect(await countRows(h.db, 'totp_factors'), 'no enrolment was written').to.equal(1); // the first test's
  });

  it('creation options fetched with a fresh proof do not register a passkey once the proof has aged', async () => {
    const member = await registeredMember(h, adminEmail);
    const { secret } = await enrolTotp(h, member, clock.now());
    const options = await passkeyOptions(member);
    expect(options.status).to.equal(200);
    clock.advance(16 * MINUTE);
    const late = await api(h).post('/api/v1/mfa/passkeys').set(asCookie(member)).send({ name: 'Late', response: authenticator.register(options.body) });
    expect([late.status, late.body.code]).to.deep.equal([403, 'step_up_required']);
    await stepUpWithCode(member, secret);
    const fresh = await passkeyOptions(member);
    const created = await api(h).post('/api/v1/mfa/passkeys').set(asCookie(member)).send({ name: 'Fresh', response: authenticator.register(fresh.body) });
    expect(created.status).to.equal(201);
  });

  it('a user without a second factor still adds its first one with the password alone, however old its sign-in', async () => {
    const member = await registeredMember(h, adminEmail);
    clock.advance(60 * MINUTE);
    expect((await api(h).post('/api/v1/mfa/totp').set(asCookie(member)).send({ password: PASSWORD })).status).to.equal(201);
    expect((await passkeyOptions(member)).status).to.equal(200);
  });
});
