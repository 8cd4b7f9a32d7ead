import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN, PASSWORD } from '../support/constants.js';
import type { DatabaseHarness } from '../support/http/harness.js';
import { adminHarness, cookieHeader, login, registeredMember, sessionCookieOf, type SignedIn } from '../support/http/users.js';
import { countRows } from '../support/db/count-rows.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const HOSTILE_RETURN_TO = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '//evil.example/gatehouse/account',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'HTTPS://EVIL.EXAMPLE',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  'http:evil.example',
  'https:/evil.example',
  `${ORIGIN}@evil.example`,
  `${ORIGIN}.evil.example/`,
  'http://user@localhost:3000/gatehouse/account',
  '/gatehouse/account\n//evil.example',
  '/\tevil.example',
  'ftp://localhost:3000/',
];

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

describe('pages over HTTP: return_to, headers, Origin, escaping (SQLite and PostgreSQL)', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    ({ h, admin } = await adminHarness());
  });
  after(async () => h?.close());

  const signInForm = (returnTo: string) =>
    request(h.app)
      .post(`/gatehouse/sign-in?return_to=${encodeURIComponent(returnTo)}`)
      .set('Origin', ORIGIN)
      .type('form')
      .send(form({ email: admin.email, password: PASSWORD }));

  // A cross-site POST arrives without the SameSite=Lax cookie; answering it would still expire the cookie.
  for (const origin of ['https://evil.example', 'null']) {
    it(`refuses POST /gatehouse/sign-out with Origin ${origin} and no cookie: 403, no cookie cleared`, async () => {
      const res = await request(h.app).post('/gatehouse/sign-out').set('Origin', origin).type('form').send('');
      expect(res.status).to.equal(403);
      expect(res.headers['set-cookie']).to.equal(undefined);
    });
  }

  it('every hostile return_to of the list is ignored: the Location the server sends is the account page', async () => {
    for (const hostile of HOSTILE_RETURN_TO) {
      const res = await signInForm(hostile);
      expect(res.status, hostile).to.equal(303);
      expect(res.headers.location, hostile).to.equal('/gatehouse/account');
    }
  });

  it('a path of ours, and an absolute URL of exactly our origin, are followed', async () => {
    expect((await signInForm('/gatehouse/admin?x=1')).headers.location).to.equal('/gatehouse/admin?x=1');
    expect((await signInForm(`${ORIGIN}/app/page?y=2`)).headers.location).to.equal('/app/page?y=2');
  });

  it('the sign-in page keeps a good return_to in its form and drops a hostile one', async () => {
    const good = await request(h.app).get('/gatehouse/sign-in?return_to=%2Fapp%2Fdashboard');
    expect(good.text).to.contain('action="/gatehouse/sign-in?return_to=%2Fapp%2Fdashboard"');
    const bad = await request(h.app).get('/gatehouse/sign-in?return_to=%2F%2Fevil.example');
    expect(bad.text).to.not.contain('evil.example');
  });

  it('a page that needs a session sends a signed-out browser to sign in and back', async () => {
    const res = await request(h.app).get('/gatehouse/admin?email_prefix=a');
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal(`/gatehouse/sign-in?return_to=${encodeURIComponent('/gatehouse/admin?email_prefix=a')}`);
  });

  it('GET / answers 303 to the account page with a valid cookie, else to the sign-in page', async () => {
    expect((await request(h.app).get('/')).headers.location).to.equal('/gatehouse/sign-in');
    expect((await request(h.app).get('/').set('Cookie', cookieHeader(admin.token))).headers.location).to.equal('/gatehouse/account');
  });

  it('every page carries the CSP, no-store, same-origin referrers and nosniff, errors included', async () => {
    const cookie = cookieHeader(admin.token);
    const pages: [string, string | null, number][] = [
      ['/gatehouse/sign-in', null, 200],
      ['/gatehouse/register', null, 200],
      ['/gatehouse/recover', null, 200],
      ['/gatehouse/account', cookie, 200],
      ['/gatehouse/admin/users', cookie, 200],
      ['/gatehouse/no-such-page', null, 404],
    ];
    for (const [path, withCookie, status] of pages) {
      const get = request(h.app).get(path);
      const res = await (withCookie ? get.set('Cookie', withCookie) : get);
      expect(res.status, path).to.equal(status);
      expect(res.headers['content-security-policy'], path).to.equal(CSP);
      expect(res.headers['cache-control'], path).to.equal('no-store');
      expect(res.headers['referrer-policy'], path).to.equal('same-origin');
      expect(res.headers['x-content-type-options'], path).to.equal('nosniff');
      expect(res.headers['content-type'], path).to.match(/^text\/html; charset=utf-8/);
      expect(res.text, path).to.match(/^<!doctype html><html lang="en">/);
    }
  });

  it('Accept-Language chooses German, English otherwise', async () => {
    const de = await request(h.app).get('/gatehouse/sign-in').set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.8');
    expect(de.text).to.contain('<html lang="de">');
    expect(de.text).to.contain('Passwort vergessen?');
    const fr = await request(h.app).get('/gatehouse/sign-in').set('Accept-Language', 'fr-FR');
    expect(fr.text).to.contain('<html lang="en">');
    expect(fr.text).to.contain('Forgot your password?');
  });

  it('a form posted from another origin is refused with a 403 page and changes nothing, login and registration included', async () => {
    const before = await countRows(h.db, 'sessions');
    const login = await request(h.app).post('/gatehouse/sign-in').set('Origin', 'https://evil.example').type('form').send(form({ email: admin.email, password: PASSWORD }));
    expect(login.status).to.equal(403);
    expect(login.headers['set-cookie']).to.equal(undefined);
    const rename = await request(h.app)
      .post('/gatehouse/account/profile')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookieHeader(admin.token))
      .type('form')
      .send(form({ display_name: 'Pwned' }));
    expect(rename.status).to.equal(403);
    expect(rename.text).to.contain('sent from another site');
    const noOrigin = await request(h.app).post('/gatehouse/account/profile').set('Cookie', cookieHeader(admin.token)).type('form').send(form({ display_name: 'Pwned' }));
    expect(noOrigin.status, 'a cookie-bearing post without Origin').to.equal(403);
    expect(await countRows(h.db, 'sessions')).to.equal(before);
    const me = await request(h.app).get('/api/v1/users/me').set('Cookie', cookieHeader(admin.token));
    expect(me.body.display_name).to.equal('Admin');
  });

  it('a refused form echoes no password, and never the submitted password', async () => {
    const secret = 'my-Secret-password-9876';
    const res = await request(h.app).post('/gatehouse/sign-in').set('Origin', ORIGIN).type('form').send(form({ email: 'nobody@example.com', password: secret }));
    expect(res.status).to.equal(401);
    expect(res.text).to.not.contain(secret);
    expect(res.text).to.contain('value="nobody@example.com"');
  });

  it('a display name, token name and user agent of markup are rendered inert', async () => {
    const member = await registeredMember(h, admin.email, '<script>alert(1)</script>');
    await request(h.app)
      .post('/api/v1/tokens')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(member.token))
      .send({ name: '<img src=x onerror=alert(2)>' });
    // A second session, opened by a client whose User-Agent is markup: the sessions list shows it as sent.
    await request(h.app).post('/api/v1/auth/login').set('Origin', ORIGIN).set('User-Agent', '<svg onload=alert(3)>').send({ email: member.email, password: PASSWORD });
    // Each on the account page that shows it: the name on Profile, the token on API tokens, the agent on Sessions.
    const shown = await Promise.all(['profile', 'tokens', 'sessions'].map((path) => request(h.app).get(`/gatehouse/account/${path}`).set('Cookie', cookieHeader(member.token))));
    for (const page of shown) expect(page.status).to.equal(200);
    const res = { text: shown.map((page) => page.text).join('\n') };
    for (const live of ['<script>alert(1)', '<img src=x', '<svg onload']) expect(res.text).to.not.contain(live);
    for (const inert of ['&lt;img src=x onerror=alert(2)>', '&lt;script>alert(1)&lt;/script>', '&lt;svg onload=alert(3)>']) expect(res.text).to.contain(inert);
    const adminView = await request(h.app).get('/gatehouse/admin/users').set('Cookie', cookieHeader(admin.token));
    expect(adminView.text).to.not.contain('<script>alert(1)');
    expect(adminView.text).to.contain('&lt;script>alert(1)&lt;/script>');
  });

  it('a member gets a 403 page at /gatehouse/admin/users', async () => {
    const member = await registeredMember(h, admin.email);
    const res = await request(h.app).get('/gatehouse/admin/users').set('Cookie', cookieHeader(member.token));
    expect(res.status).to.equal(403);
    expect(res.text).to.contain('<h1>Not allowed</h1>');
  });

  it('a throttled sign-in form says when to try again', async () => {
    const { startHarness } = await import('../support/http/harness.js');
    const throttled = await startHarness({ SERVICE_LOGIN_FAILURES_PER_EMAIL: '2', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0' });
    try {
      let last: request.Response | null = null;
      for (let i = 0; i < 4; i += 1) {
        last = await request(throttled.app).post('/gatehouse/sign-in').set('Origin', ORIGIN).type('form').send(form({ email: 'victim@example.com', password: 'wrong-wrong-wrong' }));
      }
      expect(last?.status).to.equal(429);
      expect(Number(last?.headers['retry-after'])).to.be.greaterThan(0);
      expect(last?.text).to.match(/Too many attempts\. Try again in \d+ seconds\./);
    } finally {
      await throttled.close();
    }
  });
});

describe('pages: recent authentication by a detour through the confirm page', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    ({ h, admin } = await adminHarness());
  });
  after(async () => h?.close());

  it('an admin change with a stale proof goes to the confirm page, changing nothing until confirming carries it out', async () => {
    const member = await registeredMember(h, admin.email);
    await h.db('sessions').update({ authenticated_at: new Date(Date.now() - 3_600_000).toISOString() });
    const currentSession = async (token: string) =>
      ((await request(h.app).get('/api/v1/sessions').set('Cookie', cookieHeader(token))).body as { id: string; current: boolean }[]).find((s) => s.current)?.id;
    const sessionBefore = await currentSession(admin.token);
    const disable = await request(h.app)
      .post(`/gatehouse/admin/users/${member.userId}/disable`)
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(admin.token))
      .type('form')
      .send('');
    expect(disable.status).to.equal(303);
    expect(disable.headers.location).to.equal(`/gatehouse/confirm?return_to=${encodeURIComponent('/gatehouse/admin')}`);
    expect((await h.db('users').where({ email: member.email }).first()).disabled_at).to.equal(null);

    const confirmed = await request(h.app)
      .post(String(disable.headers.location))
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(admin.token))
      .type('form')
      .send(form({ password: PASSWORD }));
    expect(confirmed.status).to.equal(303);
    // Confirming carries the disable out and lands on that user (rule 9).
    expect(confirmed.headers.location).to.equal(`/gatehouse/admin/users/${member.userId}#details`);
    expect((await h.db('users').where({ email: member.email }).first()).disabled_at).to.not.equal(null);
    // The password proof rotates the session's secret as a second factor would (ASVS 7.2.4).
    const rotated = sessionCookieOf(confirmed);
    expect(rotated, 'a new session secret in a new cookie').to.be.a('string').and.not.equal(admin.token);
    const me = (token: string) => request(h.app).get('/api/v1/users/me').set('Cookie', cookieHeader(token));
    expect((await me(admin.token)).status, 'the old value is dead at once').to.equal(401);
    expect((await me(rotated!)).status).to.equal(200);
    expect(await currentSession(rotated!), 'the session keeps its id').to.be.a('string').and.equal(sessionBefore);
    admin.token = rotated!;
    const again = await request(h.app).post(`/gatehouse/admin/users/${member.userId}/enable`).set('Origin', ORIGIN).set('Cookie', cookieHeader(admin.token)).type('form').send('');
    expect(again.status, 'the fresh proof needs no detour').to.equal(303);
    expect(again.headers.location).to.equal(`/gatehouse/admin/users/${member.userId}#details`);
    expect((await h.db('users').where({ email: member.email }).first()).disabled_at).to.equal(null);
  });

  it('an admin acting on itself is told so above the users, and nothing changes', async () => {
    const fresh = await login(h, admin.email);
    const res = await request(h.app).post(`/gatehouse/admin/users/${admin.userId}/disable`).set('Origin', ORIGIN).set('Cookie', cookieHeader(fresh.token)).type('form').send('');
    expect(res.status).to.equal(409);
    expect(res.text).to.contain('An administrator cannot do this to their own account.');
    expect(res.text).to.contain('role="alert"');
  });
});

describe('pages: password fields', function () {
  this.timeout(30_000);
  let h: DatabaseHarness;
  let admin: SignedIn;

  before(async () => {
    ({ h, admin } = await adminHarness());
  });
  after(async () => h?.close());

  it('every password field is type=password with an autocomplete hint, on every page that has one', async () => {
    const pages = ['/gatehouse/sign-in', '/gatehouse/register', '/gatehouse/recover', '/gatehouse/account/profile', '/gatehouse/account/security'];
    for (const path of pages) {
      const res = await request(h.app).get(path).set('Cookie', cookieHeader(admin.token));
      const html = path === '/gatehouse/sign-in' ? (await request(h.app).get(path)).text : res.text;
      const inputs = [...html.matchAll(/<input [^>]*name="(password|current_password|new_password)"[^>]*>/g)].map((match) => match[0]);
      expect(inputs.length, path).to.be.greaterThan(0);
      for (const input of inputs) {
        expect(input, path).to.contain('type="password"');
        expect(input, path).to.match(/autocomplete="(current-password|new-password)"/);
      }
    }
  });
});
