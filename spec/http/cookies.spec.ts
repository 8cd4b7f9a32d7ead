import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { startHarness, type Harness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, sessionCookieOf, uniqueEmail } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const SEVEN_DAYS = 7 * 24 * 60 * 60;
const PUBLIC = 'https://id.example.com';

const loginResponse = async (h: Harness, origin: string) => {
  const email = uniqueEmail('cookie');
  await h.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Cookie' });
  return api(h).post('/api/v1/auth/login').set('Origin', origin).send({ email, password: PASSWORD });
};

const maxAgeOf = (line: string): number => Number(/Max-Age=(\d+)/.exec(line)?.[1]);

describe('HTTP session cookie', () => {
  describe('in test mode', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness();
    });
    after(() => h.close());

    it('is gh_session with exactly HttpOnly; SameSite=Lax; Path=/; Max-Age, no Secure, no Domain', async () => {
      const res = await loginResponse(h, h.config.publicOrigin);
      const [line] = res.headers['set-cookie'] as unknown as string[];
      expect(line).to.match(/^gh_session=[A-Za-z0-9_-]{43,}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+$/);
      expect(maxAgeOf(line!)).to.be.within(SEVEN_DAYS - 5, SEVEN_DAYS);
      expect(line).not.to.match(/Secure|Domain|Expires/i);
    });
  });

  describe('on the service clock', () => {
    let h: Harness;
    before(async () => {
      // A year behind the machine: a Max-Age counted from the machine clock would be 0.
      h = await startHarness({}, { clock: new FixedClock(new Date(Date.now() - 365 * 86_400_000)) });
    });
    after(() => h.close());

    it('counts Max-Age from the clock that dated the session: exactly seven days at sign-in', async () => {
      const [line] = (await loginResponse(h, h.config.publicOrigin)).headers['set-cookie'] as unknown as string[];
      expect(maxAgeOf(line!)).to.equal(SEVEN_DAYS);
    });
  });

  describe('in production', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({
        SERVICE_ENVIRONMENT: 'production',
        SERVICE_PUBLIC_URL: PUBLIC,
        SERVICE_SECRET_KEY: 'production-secret-key-for-the-http-tests-0123456789',
      });
    });
    after(() => h.close());

    it('is __Host-gh_session with Secure', async () => {
      const res = await loginResponse(h, PUBLIC);
      const [line] = res.headers['set-cookie'] as unknown as string[];
      expect(line).to.match(/^__Host-gh_session=[A-Za-z0-9_-]{43,}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+; Secure$/);
      const token = sessionCookieOf(res, '__Host-gh_session')!;
      const me = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(token, '__Host-gh_session'));
      expect(me.status).to.equal(200);
    });

    it('ignores a plain gh_session cookie', async () => {
      const token = sessionCookieOf(await loginResponse(h, PUBLIC), '__Host-gh_session')!;
      const me = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(token, 'gh_session'));
      expect(me.status).to.equal(401);
    });

    it('expires __Host-gh_session on logout, with Secure', async () => {
      const token = sessionCookieOf(await loginResponse(h, PUBLIC), '__Host-gh_session')!;
      const res = await api(h)
        .post('/api/v1/auth/logout')
        .set('Origin', PUBLIC)
        .set('Cookie', cookieHeader(token, '__Host-gh_session'));
      expect(res.status).to.equal(204);
      expect(res.headers['set-cookie']).to.deep.equal(['__Host-gh_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure']);
    });

    it('hides the docs and the OpenAPI document (404) and sends HSTS', async () => {
      for (const path of ['/api/v1/docs', '/api/v1/docs/', '/api/v1/openapi.json', '/api/v1/docs/swagger-ui-init.js']) {
        const res = await api(h).get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body.code).to.equal('not_found');
      }
      const health = await api(h).get('/api/v1/healthz');
      expect(health.headers['strict-transport-security']).to.match(/max-age=\d+/);
    });
  });
});
