import { expect } from 'chai';
import type request from 'supertest';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { api } from '../support/http/api.js';
import { asBearer } from '../support/http/fixtures.js';
import { ORIGIN, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { cookieHeader, createToken, login, registeredMember, sessionCookieOf, signedInAdmin, type SignedIn } from '../support/http/users.js';
import { FixedClock } from '../support/unit/fixed-clock.js';

const VERIFY = '/api/v1/auth/verify';
const DAY = 24 * 60 * 60_000;

const expectVouchedFor = (res: request.Response, user: SignedIn): void => {
  expect(res.status).to.equal(204);
  expect(res.text).to.equal('');
  expect(res.headers['x-gatehouse-user-id']).to.equal(user.userId);
  expect(res.headers['x-gatehouse-email']).to.equal(user.email);
  expect(res.headers['x-gatehouse-mfa']).to.equal('false');
  expect(res.headers['cache-control']).to.equal('no-store');
};

const expectRefused = (res: request.Response, status: number, code: string): void => {
  expect(res.status).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.body.code).to.equal(code);
  expect(res.headers).not.to.have.property('x-gatehouse-user-id');
  expect(res.headers).not.to.have.property('x-gatehouse-email');
};

describe(`HTTP GET /auth/verify: forward auth (${ENGINE_LABEL})`, () => {
  const clock = new FixedClock(new Date());
  let h: DatabaseHarness;
  let member: SignedIn;
  let token: string;

  before(async () => {
    h = await startHarness({}, { clock });
    const admin = await signedInAdmin(h);
    member = await registeredMember(h, admin.email);
    token = await createToken(h, member);
  });
  after(() => h.close());

  const verify = (headers: Record<string, string>) => api(h).get(VERIFY).set(headers);
  const withCookie = (session: SignedIn, extra: Record<string, string> = {}) => verify({ Cookie: cookieHeader(session.token), ...extra });

  it('the session cookie → 204, no body, the user id, the email and X-Gatehouse-Mfa: false', async () => {
    expectVouchedFor(await withCookie(member), member);
  });

  it('an API token → 204 with the same headers; Mfa is false for a token', async () => {
    expectVouchedFor(await verify(asBearer(token)), member);
  });

  it('no credential → 401 not_authenticated as problem+json, with WWW-Authenticate', async () => {
    const res = await verify({});
    expectRefused(res, 401, 'not_authenticated');
    expect(res.headers['www-authenticate']).to.equal('Bearer realm="gatehouse"');
  });

  it('an unknown cookie, an unknown token, or a malformed Authorization → 401', async () => {
    expectRefused(await verify({ Cookie: cookieHeader('not-a-session') }), 401, 'not_authenticated');
    expectRefused(await verify(asBearer('gh_pat_unknown')), 401, 'not_authenticated');
    expectRefused(await verify({ Authorization: 'Basic dXNlcjpwYXNz' }), 401, 'not_authenticated');
  });

  it('a bearer header wins over the cookie: an unknown token with a valid cookie → 401', async () => {
    expectRefused(await withCookie(member, asBearer('gh_pat_unknown')), 401, 'not_authenticated');
  });

  it('a session revoked (logged out) is refused at the next verify', async () => {
    const session = await login(h, member.email);
    expectVouchedFor(await withCookie(session), member);
    expect((await api(h).post('/api/v1/auth/logout').set({ Origin: ORIGIN, Cookie: cookieHeader(session.token) })).status).to.equal(204);
    expectRefused(await withCookie(session), 401, 'not_authenticated');
  });

  it('a revoked API token is refused at the next verify', async () => {
    const revoked = await createToken(h, member, 'short-lived');
    const listed = await api(h).get('/api/v1/tokens').set(asBearer(revoked));
    const id = (listed.body as { id: string; name: string }[]).find((t) => t.name === 'short-lived')!.id;
    expect((await api(h).delete(`/api/v1/tokens/${id}`).set(asBearer(revoked))).status).to.equal(204);
    expectRefused(await verify(asBearer(revoked)), 401, 'not_authenticated');
  });

  describe('X-Forwarded-Method: the Origin rule for the request a proxy holds', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      it(`${method} with the cookie and the public origin → 204`, async () => {
        expectVouchedFor(await withCookie(member, { 'X-Forwarded-Method': method, Origin: ORIGIN }), member);
      });

      it(`${method} with the cookie and a foreign, "null" or missing Origin → 403 csrf_rejected`, async () => {
        for (const origin of ['https://evil.example', 'null', undefined]) {
          const headers: Record<string, string> = { 'X-Forwarded-Method': method, ...(origin ? { Origin: origin } : {}) };
          const res = await withCookie(member, headers);
          expectRefused(res, 403, 'csrf_rejected');
          expect(res.text).not.to.include('evil.example');
        }
      });
    }

    it('a method name in lower case counts as the method it names', async () => {
      expectRefused(await withCookie(member, { 'X-Forwarded-Method': 'post' }), 403, 'csrf_rejected');
    });

    it('GET, HEAD and OPTIONS need no Origin', async () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        expectVouchedFor(await withCookie(member, { 'X-Forwarded-Method': method }), member);
      }
    });

    it('an API token is not subject to the Origin rule', async () => {
      expectVouchedFor(await verify({ ...asBearer(token), 'X-Forwarded-Method': 'POST', Origin: 'https://evil.example' }), member);
    });

    it('the same-origin check does not stand in for authentication: an unknown cookie with the right Origin → 401', async () => {
      const res = await verify({ Cookie: cookieHeader('not-a-session'), 'X-Forwarded-Method': 'POST', Origin: ORIGIN });
      expectRefused(res, 401, 'not_authenticated');
    });
  });

  it('slides the session like any authenticated request: past half its lifetime, verify re-sends the cookie', async () => {
    const session = await login(h, member.email);
    expect((await withCookie(session)).headers['set-cookie']).to.equal(undefined);
    clock.advance(4 * DAY);
    const res = await withCookie(session);
    expectVouchedFor(res, member);
    expect(sessionCookieOf(res)).to.equal(session.token);
  });
});
