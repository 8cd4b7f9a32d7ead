import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asCookie } from '../support/http/fixtures.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { enrolTotp, totpCode } from '../support/mfa/mfa-users.js';
import { cookieHeader, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';

const VERIFY = '/api/v1/auth/verify';
const RULES = '/api/v1/admin/forward-auth/rules';
const HOST = new URL(ORIGIN).host;

/**
 * §17: under a forward-auth rule with require_mfa, verify answers 401 to a session without the
 * second-factor proof and the proxy sends the browser to the sign-in page. That page, opened with
 * the valid session, must ask for the proof instead of sending the browser straight back (a loop).
 */
describe(`Pages: the sign-in page under a forward-auth rule that needs a second factor (${ENGINE_LABEL})`, () => {
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    h = await startHarness({ SERVICE_TRUST_PROXY: '1' });
    admin = await signedInAdmin(h);
    // The one-origin layout: applications share the public host and are told apart by path.
    const team = (await api(h).post('/api/v1/admin/groups').set(asCookie(admin)).send({ name: `team-${process.pid}` })).body as { id: string };
    const rules = [
      { host: HOST, path_prefix: '/app', require_mfa: true },
      { host: HOST, path_prefix: '/open', require_mfa: false },
      { host: HOST, path_prefix: '/team', allowed_groups: [team.id] },
    ];
    for (const body of rules) {
      expect((await api(h).post(RULES).set(asCookie(admin)).send(body)).status).to.equal(201);
    }
  });
  after(() => h.close());

  const signInPage = (who: SignedIn, returnTo: string) => request(h.app).get(`/gatehouse/sign-in?return_to=${encodeURIComponent(returnTo)}`).set('Cookie', cookieHeader(who.token));
  const verify = (who: SignedIn, uri: string) => api(h).get(VERIFY).set({ Cookie: cookieHeader(who.token), 'X-Forwarded-Host': HOST, 'X-Forwarded-Uri': uri });

  /** A TOTP user whose session proved no second factor (as one opened before the factor was recorded). */
  const totpUserWithoutProof = async (): Promise<{ user: SignedIn; secret: string }> => {
    const user = await registeredMember(h, admin.email);
    const { secret } = await enrolTotp(h, user, new Date());
    // The stored user id, as the engine keeps it (the API's id is its text form).
    const { id } = (await h.db('users').where({ email: user.email }).first()) as { id: unknown };
    expect(await h.db('sessions').where({ user_id: id }).update({ second_factor_at: null })).to.be.greaterThan(0);
    return { user, secret };
  };

  it('a TOTP user: 303 to the confirm page with return_to kept; after the code, on to return_to and verify passes', async () => {
    const { user, secret } = await totpUserWithoutProof();
    expect((await verify(user, '/app/x')).status).to.equal(401);
    const opened = await signInPage(user, '/app/x');
    expect([opened.status, opened.headers.location]).to.deep.equal([303, `/gatehouse/confirm?return_to=${encodeURIComponent('/app/x')}`]);
    const confirmed = await request(h.app)
      .post(opened.headers.location as string)
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(user.token))
      .type('form')
      .send({ code: totpCode(secret, new Date(Date.now() + 30_000)) });
    expect([confirmed.status, confirmed.headers.location]).to.deep.equal([303, '/app/x']);
    user.token = sessionCookieOf(confirmed) ?? user.token;
    expect((await verify(user, '/app/x')).status).to.equal(204);
    // Proved now: the sign-in page sends the browser straight on.
    expect((await signInPage(user, '/app/x')).headers.location).to.equal('/app/x');
  });

  it('a user without a second factor: the page that says the application needs one, with the set-up link', async () => {
    const user = await registeredMember(h, admin.email);
    const opened = await signInPage(user, '/app/x');
    expect(opened.status).to.equal(403);
    expect(opened.text).to.contain('Second factor needed').and.to.contain('href="/gatehouse/account#second-factor"');
    expect(opened.headers).not.to.have.property('location');
  });

  it('a rule without require_mfa, or no return_to: straight back as before; a refusal is left to verify, not recorded by the page', async () => {
    const { user } = await totpUserWithoutProof();
    const { id } = (await h.db('users').where({ email: user.email }).first()) as { id: unknown };
    const before = await h.db('security_events').where({ user_id: id }).count({ n: '*' });
    expect([(await signInPage(user, '/open/y')).status, (await signInPage(user, '/open/y')).headers.location]).to.deep.equal([303, '/open/y']);
    expect((await signInPage(user, '/team/z')).headers.location).to.equal('/team/z');
    expect((await request(h.app).get('/gatehouse/sign-in').set('Cookie', cookieHeader(user.token))).headers.location).to.equal('/gatehouse/account');
    expect(await h.db('security_events').where({ user_id: id }).count({ n: '*' })).to.deep.equal(before);
  });
});
