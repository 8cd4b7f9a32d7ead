import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const DISABLED = 'This account is disabled. Ask an administrator.';

/** §15 rule 12 on the suite's engine: the page tells a disabled account so once the password was right; the API still answers as for a wrong one. */
describe('pages: a disabled account is told so after the right password (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let member: SignedIn;

  before(async () => {
    h = await startHarness();
    const admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
    await request(h.app).post('/api/v1/admin/users/' + member.userId + '/disable').set('Origin', ORIGIN).set('Cookie', `gh_session=${admin.token}`).expect(204);
  });
  after(async () => h?.close());

  const signIn = (password: string, language = 'en') =>
    request(h.app).post('/gatehouse/sign-in').set('Origin', ORIGIN).set('Accept-Language', language).type('form').send(form({ email: member.email, password }));

  it('the right password: the sign-in page says the account is disabled and what to do, in a role="alert" summary, and signs nobody in', async () => {
    const res = await signIn(PASSWORD);
    expect(res.status).to.equal(401);
    expect(res.text).to.contain(DISABLED);
    expect(res.text).to.contain('role="alert"');
    expect(res.headers['set-cookie'] ?? []).to.satisfy((cookies: string[]) => cookies.every((line) => !line.startsWith('gh_session=') || line.includes('Max-Age=0')));
  });

  it('says it in German too', async () => {
    expect((await signIn(PASSWORD, 'de')).text).to.contain('Dieses Konto ist gesperrt. Wenden Sie sich an einen Administrator.');
  });

  it('a wrong password: the one message for a wrong password, nothing about the account', async () => {
    const res = await signIn('not the password at all');
    expect(res.status).to.equal(401);
    expect(res.text).to.contain('The email or password is incorrect.');
    expect(res.text).to.not.contain(DISABLED);
  });

  it('the JSON API login answers 401 invalid_credentials for the right password, as for a wrong one', async () => {
    const res = await request(h.app).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: member.email, password: PASSWORD });
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.include({ code: 'invalid_credentials', detail: 'The email or password is incorrect.' });
    expect(JSON.stringify(res.body)).to.not.contain('disabled');
  });
});
