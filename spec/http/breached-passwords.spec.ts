import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, inviteCode, registeredMember, signedInAdmin, uniqueEmail, type SignedIn } from '../support/http/users.js';

describe('HTTP: breached passwords and context words are refused as 422, never echoed', () => {
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    h = await startHarness({ SERVICE_PASSWORD_CONTEXT_WORDS: 'Acme' });
    admin = await signedInAdmin(h);
  });
  after(() => h.close());

  const register = async (password: string) =>
    api(h)
      .post('/api/v1/auth/register')
      .set('Origin', ORIGIN)
      .send({ invite_code: await inviteCode(h, admin.email), email: uniqueEmail(), password, display_name: 'Newcomer' });

  it('registration: the bundled list, the product name and a configured word', async () => {
    const cases: [password: string, msg: string][] = [
      ['ThisIsMyPassword', 'is a known breached password'],
      ['my gatehouse secret word', 'must not contain words specific to this service'],
      ['welcome to ACME widgets', 'must not contain words specific to this service'],
    ];
    for (const [password, msg] of cases) {
      const res = await register(password);
      expect([res.status, res.body.code, res.body.errors], password).to.deep.equal([422, 'validation_failed', [{ loc: ['body', 'password'], msg }]]);
      expect(res.text.toLowerCase(), password).not.to.include(password.toLowerCase());
    }
    expect((await register('quiet harbour lanterns')).status).to.equal(201);
  });

  it('password change: refused at ["body", "new_password"], and the old password still works', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await api(h)
      .put('/api/v1/users/me/password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(member.token))
      .send({ current_password: PASSWORD, new_password: 'ILoveYouForever' });
    const errors = [{ loc: ['body', 'new_password'], msg: 'is a known breached password' }];
    expect([res.status, res.body.code, res.body.errors]).to.deep.equal([422, 'validation_failed', errors]);
    expect(res.text).not.to.include('ILoveYouForever');
    expect((await api(h).post('/api/v1/auth/login').send({ email: member.email, password: PASSWORD })).status).to.equal(200);
  });
});
