import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { asBearer, asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { enrolTotp } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

describe('HTTP SERVICE_MFA_REQUIRED: a covered session may only enrol until a factor is confirmed', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  afterEach(() => h.close());

  const expectHeldToEnrolment = async (who: SignedIn) => {
    for (const res of [
      await api(h).get('/api/v1/sessions').set(asCookie(who)),
      await api(h).get('/api/v1/tokens').set(asCookie(who)),
      await api(h).patch('/api/v1/users/me').set(asCookie(who)).send({ display_name: 'Renamed' }),
      await api(h).post('/api/v1/auth/step-up').set(asCookie(who)).send({ password: PASSWORD }),
    ]) {
      expect([res.status, res.body.code]).to.deep.equal([403, 'mfa_enrolment_required']);
    }
    expect((await api(h).get('/api/v1/users/me').set(asCookie(who))).status).to.equal(200);
    expect((await api(h).get('/api/v1/mfa').set(asCookie(who))).status).to.equal(200);
  };

  it('all: a member logs in, may read itself and its factors, enrol and log out; after confirming, everything', async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({ SERVICE_MFA_REQUIRED: 'all' }, { clock });
    const admin = await signedInAdmin(h);
    const member = await registeredMember(h, admin.email);
    await expectHeldToEnrolment(member);
    await enrolTotp(h, member, clock.now());
    expect((await api(h).get('/api/v1/sessions').set(asCookie(member))).status, 'the session now counts as MFA').to.equal(200);
    expect((await api(h).post('/api/v1/auth/logout').set(asCookie(member))).status).to.equal(204);
  });

  it('admins: a member sees no change, an admin is held to enrolment; an API token is not a session', async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({ SERVICE_MFA_REQUIRED: 'admins' }, { clock });
    const admin = await signedInAdmin(h);
    const member = await registeredMember(h, admin.email);
    expect((await api(h).get('/api/v1/sessions').set(asCookie(member))).status).to.equal(200);
    await expectHeldToEnrolment(admin);
    // A token the admin made (through the core, as the HTTP route would refuse it now) is not held.
    const { principal } = await h.useCases.authenticateSession(admin.token, { userAgent: null, clientAddress: '127.0.0.1' });
    const { secret } = await h.useCases.createApiToken(principal, { name: 'ci' });
    expect((await api(h).get('/api/v1/sessions').set(asBearer(secret))).status).to.equal(200);
  });
});
