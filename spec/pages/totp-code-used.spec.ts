import { expect } from 'chai';
import request from 'supertest';
import { toStoredId } from '../../src/adapters/knex/stored-forms.js';
import { countRows } from '../support/db/count-rows.js';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { asPending, enrolTotp, loginWithCode, passwordStep, totpCode } from '../support/mfa/mfa-users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const STEP = 30_000;
const USED = 'This code was already used. Wait for the next one.';

describe('pages: an authenticator code already used says so, while the API answers as for a wrong code', function () {
  this.timeout(30_000);
  let clock: FixedClock;
  let h: DatabaseHarness;
  let member: SignedIn;
  let used: string;
  beforeEach(async () => {
    clock = new FixedClock(new Date());
    h = await startHarness({}, { clock });
    member = await registeredMember(h, (await signedInAdmin(h)).email);
    const { secret } = await enrolTotp(h, member, clock.now());
    clock.advance(STEP);
    used = totpCode(secret, clock.now());
    member = await loginWithCode(h, member.email, used);
  });
  afterEach(() => h.close());

  const form = (path: string, cookie: string, fields: Record<string, string>, language = 'en') =>
    request(h.app).post(path).set('Origin', ORIGIN).set('Cookie', cookie).set('Accept-Language', language).type('form').send(new URLSearchParams(fields).toString());
  const failures = () => countRows(h.db, 'second_factor_failures', { user_id: toStoredId(member.userId) });
  const loginFailed = () => countRows(h.db, 'security_events', { user_id: toStoredId(member.userId), type: 'login_failed' });

  it('the second-factor sign-in page shows the sentence beside the code, in English and German, and the refusal still counts', async () => {
    const res = await form('/gatehouse/sign-in/second-factor', `gh_mfa=${await passwordStep(h, member.email)}`, { code: used });
    expect(res.status).to.equal(401);
    expect(res.text).to.contain(USED);
    expect(res.text).to.not.contain(used);
    const german = await form('/gatehouse/sign-in/second-factor', `gh_mfa=${await passwordStep(h, member.email)}`, { code: used }, 'de');
    expect(german.text).to.contain('Dieser Code wurde schon verwendet. Warten Sie auf den nächsten.');
    expect(await failures(), 'each reused code counts toward the second-factor cap').to.equal(2);
    expect(await loginFailed()).to.equal(2);
  });

  it('the confirm page shows the sentence for a reused code, and the refusal counts', async () => {
    const res = await form('/gatehouse/confirm', cookieHeader(member.token), { code: used });
    expect(res.status).to.equal(401);
    expect(res.text).to.contain(USED);
    expect(await failures()).to.equal(1);
    expect(await loginFailed()).to.equal(1);
  });

  it('the API second step answers a reused code exactly as a wrong one: 401 invalid_credentials, counted alike', async () => {
    const wrongCode = used === '000000' ? '111111' : '000000';
    const wrong = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ code: wrongCode });
    const reused = await api(h).post('/api/v1/auth/mfa').set(asPending(await passwordStep(h, member.email))).send({ code: used });
    expect([reused.status, reused.body]).to.deep.equal([401, wrong.body]);
    expect(wrong.body.code).to.equal('invalid_credentials');
    expect(await failures(), 'the wrong code and the reused one').to.equal(2);
  });
});
