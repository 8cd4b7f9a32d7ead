import { expect } from 'chai';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, passwordStep, rotatedCookie, totpCode } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const STEP = 30_000;

/** NIST SP 800-63B's cap: 100 consecutive refused second-factor proofs lock the second step until an admin's MFA reset. */
describe('HTTP second factor: the cap of 100 refused proofs', () => {
  let clock: FixedClock;
  let h: DatabaseHarness;
  let admin: SignedIn;
  before(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const wrongCode = (secret: string) => (totpCode(secret, clock.now()) === '000000' ? '111111' : '000000');
  const refuse = async (who: SignedIn, secret: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const res = await api(h).post('/api/v1/auth/step-up').set(asCookie(who)).send({ code: wrongCode(secret) });
      expect(res.status).to.equal(401);
    }
  };
  const locked = (userId: string) => countRows(h.db, 'security_events', { user_id: toStoredId(userId), type: 'second_factor_locked' });

  it('locks the second step at 100: a right code is then refused with 401 not_authenticated at step-up and at login, and the lock is in the trail once', async () => {
    const member = await registeredMember(h, admin.email);
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    await refuse(member, secret, 99);
    expect(await locked(member.userId), 'not before the hundredth').to.equal(0);
    await refuse(member, secret, 1);
    expect(await locked(member.userId)).to.equal(1);
    const right = await api(h).post('/api/v1/auth/step-up').set(asCookie(member)).send({ code: totpCode(secret, clock.now()) });
    expect([right.status, right.body.code]).to.deep.equal([401, 'not_authenticated']);
    const login = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ code: totpCode(secret, clock.now()) });
    expect([login.status, login.body.code]).to.deep.equal([401, 'not_authenticated']);
    expect(await locked(member.userId), 'one event, at the locking').to.equal(1);
  });

  it('an admin\'s MFA reset lifts the lock: the user signs in with its password and enrols again', async () => {
    const member = await registeredMember(h, admin.email);
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    await refuse(member, secret, 100);
    const reset = await api(h).delete(`/api/v1/admin/users/${member.userId}/mfa`).set(asCookie(admin));
    expect(reset.status).to.equal(204);
    expect(await countRows(h.db, 'second_factor_failures', { user_id: toStoredId(member.userId) })).to.equal(0);
    const login = await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD });
    expect(login.body.id, 'no factor left: the password signs in').to.equal(member.userId);
  });

  it('a success before the cap starts the count again', async () => {
    const member = await registeredMember(h, admin.email);
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    await refuse(member, secret, 99);
    const right = await api(h).post('/api/v1/auth/step-up').set(asCookie(member)).send({ code: totpCode(secret, clock.now()) });
    expect(right.status).to.equal(204);
    member.token = rotatedCookie(right);
    clock.advance(STEP);
    await refuse(member, secret, 99);
    const again = await api(h).post('/api/v1/auth/step-up').set(asCookie(member)).send({ code: totpCode(secret, clock.now()) });
    expect(again.status, '99 + 99 refusals with a success between lock nothing').to.equal(204);
    expect(await locked(member.userId)).to.equal(0);
  });
});
