import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import { countRows } from '../support/db/count-rows.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, login, registeredMember, signedInAdmin, type SignedIn } from '../support/http/users.js';

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

describe('pages under SERVICE_MFA_REQUIRED=all: a user without a factor sees only the second-factor part until one is confirmed', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let member: SignedIn;

  before(async () => {
    h = await startHarness({ SERVICE_MFA_REQUIRED: 'all' });
    const admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
  });
  after(async () => h?.close());

  const get = (path: string, token = member.token) => request(h.app).get(path).set('Cookie', cookieHeader(token));
  const post = (path: string, fields: Record<string, string>, token = member.token) =>
    request(h.app).post(path).set('Origin', ORIGIN).set('Cookie', cookieHeader(token)).type('form').send(form(fields));

  it('the account page sends the user to Security, which shows the second-factor part and sign-out only', async () => {
    const overview = await get('/gatehouse/account');
    expect(overview.status).to.equal(303);
    expect(overview.headers.location).to.equal('/gatehouse/account/security#second-factor');
    const res = await get('/gatehouse/account/security');
    expect(res.status).to.equal(200);
    expect(res.text).to.contain('id="second-factor-heading"');
    for (const other of ['profile', 'password', 'sessions', 'api-tokens', 'activity', 'delete-account']) expect(res.text).to.not.contain(`id="${other}-heading"`);
    expect(res.text).to.contain('action="/gatehouse/sign-out"');
    expect(res.text).to.not.contain('href="/gatehouse/admin"');
    expect(res.text, 'no menu to pages it may not open').to.not.contain('href="/gatehouse/account/profile"');
  });

  it('any other action answers a 403 page and changes nothing', async () => {
    const rename = await post('/gatehouse/account/profile', { display_name: 'Changed' });
    expect(rename.status).to.equal(403);
    expect(rename.text).to.contain('Set up a second factor on your account page first.');
    expect((await post('/gatehouse/account/tokens', { name: 'ci' })).status).to.equal(403);
    expect((await get('/gatehouse/admin')).status).to.equal(403);
    expect(await countRows(h.db, 'api_tokens')).to.equal(0);
  });

  it('setting up an authenticator app lifts the hold: then the whole account page', async () => {
    const wrong = await post('/gatehouse/account/totp', { password: 'not the password at all' });
    expect(wrong.status).to.equal(401);
    expect(wrong.text).to.contain('The password is incorrect.');
    const fresh = await login(h, member.email);
    const started = await post('/gatehouse/account/totp', { password: PASSWORD }, fresh.token);
    expect(started.status).to.equal(303);
    // The pending set-up is read back from the account, not from a one-time cookie: a reload keeps it.
    const shown = await get('/gatehouse/account/security', fresh.token);
    const secret = /<code>([A-Z2-7 ]+)<\/code>/.exec(shown.text)?.[1]?.replace(/ /g, '');
    expect(secret, 'the key is shown as text').to.be.a('string');
    const confirmed = await post('/gatehouse/account/totp/confirm', { code: new TOTP({ secret: Secret.fromBase32(secret!) }).generate() }, fresh.token);
    expect(confirmed.status).to.equal(303);
    const rotated = /gh_session=([^;]+)/.exec((confirmed.headers['set-cookie'] as unknown as string[]).join(';'))?.[1] ?? '';
    const whole = await get('/gatehouse/account/profile', rotated);
    expect(whole.status).to.equal(200);
    expect(whole.text).to.contain('id="delete-account-heading"');
  });
});
