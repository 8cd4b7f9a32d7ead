import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { ORIGIN } from '../support/http/harness.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startApp, type AppUnderTest } from '../throttle/app-under-test.js';
import { deepText, jsonText, pathSegment, stringValuesOf } from './json-text.js';
import { snapshotTables } from './table-snapshot.js';

type Method = 'post' | 'put' | 'patch' | 'delete';
/** Every mutating route of CONTRACT §5; `:id` is fuzzed too. Logout goes without the cookie it would end. */
const ROUTES: [Method, string, { cookie: boolean }][] = [
  ['post', '/auth/register', { cookie: true }], ['post', '/auth/login', { cookie: true }], ['post', '/auth/logout', { cookie: false }],
  ['patch', '/users/me', { cookie: true }], ['put', '/users/me/password', { cookie: true }], ['delete', '/users/me', { cookie: true }],
  ['delete', '/sessions/:id', { cookie: true }], ['post', '/sessions/revoke-others', { cookie: true }],
  ['post', '/tokens', { cookie: true }], ['delete', '/tokens/:id', { cookie: true }], ['post', '/invites', { cookie: true }],
  // CONTRACT §10. The routes that re-check a password first (POST /mfa/totp, /mfa/passkeys/options, /auth/step-up/passkey)
  // record a wrong one in the trail on purpose, so "writes nothing" cannot hold for them; the body matrix covers them.
  ['post', '/auth/mfa', { cookie: true }], ['post', '/auth/mfa/passkey/options', { cookie: true }], ['post', '/auth/mfa/passkey', { cookie: true }],
  ['post', '/auth/passkey', { cookie: true }], ['post', '/auth/step-up/passkey/options', { cookie: true }],
  ['post', '/mfa/totp/confirm', { cookie: true }], ['delete', '/mfa/totp', { cookie: true }], ['post', '/mfa/passkeys', { cookie: true }],
  ['delete', '/mfa/passkeys/:id', { cookie: true }], ['post', '/mfa/recovery-codes', { cookie: true }],
];
const RUNS_PER_ROUTE = 50;
const PASSWORD = 'correct horse battery staple 42';

const echoed = (sent: unknown, text: string): string[] =>
  stringValuesOf(sent).filter((value) => value.length >= 6 && (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))));

describe('fuzz: every POST/PUT/PATCH/DELETE route with arbitrary JSON (fast-check)', () => {
  let t: AppUnderTest;
  let cookie: string;
  before(async () => {
    // Limits off so every run reaches validation; a still clock so no session is touched meanwhile.
    const env = { SERVICE_LOGIN_FAILURES_PER_EMAIL: '0', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0' };
    t = await startApp(env, { hasher: new CountingHasher(), clock: new FixedClock() });
    await t.service.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD });
    const { session } = await t.service.useCases.login(
      { email: 'root@example.com', password: PASSWORD },
      { userAgent: null, clientAddress: '127.0.0.1', presentedSessionToken: null },
    );
    cookie = `gh_session=${session.token}`;
  });
  after(() => t.close());

  for (const [method, path, { cookie: withCookie }] of ROUTES) {
    it(`${method.toUpperCase()} ${path}: never 5xx, errors are problem+json, echo nothing and write nothing`, async () => {
      const body = fc.oneof({ weight: 6, arbitrary: jsonText }, { weight: 1, arbitrary: deepText });
      await fc.assert(
        fc.asyncProperty(body, pathSegment, async (text, id) => {
          const url = `/api/v1${path.replace(':id', id)}`;
          const before = await snapshotTables(t.db);
          let call = request(t.app)[method](url).set('Origin', ORIGIN).set('Content-Type', 'application/json');
          if (withCookie) call = call.set('Cookie', cookie);
          const res = await call.send(text);
          expect(res.status, res.text).to.be.below(500);
          if (res.status < 400) return;
          expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
          expect(echoed(JSON.parse(text), res.text)).to.deep.equal([]);
          expect(await snapshotTables(t.db)).to.equal(before);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
