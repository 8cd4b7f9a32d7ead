import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { ORIGIN } from '../support/http/harness.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { documentedRoutes, routeLabel } from './documented-routes.js';
import { deepText, jsonText, pathSegment, stringValuesOf } from './json-text.js';
import { snapshotTables } from './table-snapshot.js';
import { signedIn } from '../support/unit/signed-in.js';
import { PASSWORD } from '../support/constants.js';

/** Every documented POST/PUT/PATCH/DELETE, discovered from the OpenAPI document; `{id}` is fuzzed too. */
const ROUTES = documentedRoutes().filter((route) => route.method !== 'get');
/** A wrong password re-checked on a known account lands in its trail on purpose: the one write a refusal may make. */
const TOLERATED = ['login_failed'];
const RUNS_PER_ROUTE = 50;

const echoed = (sent: unknown, text: string): string[] =>
  stringValuesOf(sent).filter((value) => value.length >= 6 && (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))));

describe('fuzz: every POST/PUT/PATCH/DELETE route with arbitrary JSON (fast-check)', () => {
  let t: DatabaseHarness;
  let cookie: string;
  before(async () => {
    // Limits off so every run reaches validation; a still clock so no session is touched meanwhile.
    const env = { SERVICE_LOGIN_FAILURES_PER_EMAIL: '0', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0' };
    t = await startHarness(env, { hasher: new CountingHasher(), clock: new FixedClock() }, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD });
    const { session } = signedIn(
      await t.service.useCases.login(
        { email: 'root@example.com', password: PASSWORD },
        { userAgent: null, clientAddress: '127.0.0.1', presentedSessionToken: null },
      ),
    );
    cookie = `gh_session=${session.token}`;
  });
  after(() => t.close());

  for (const { method, path } of ROUTES) {
    it(`${routeLabel({ method, path })}: never 5xx, errors are problem+json, echo nothing and write nothing`, async () => {
      const body = fc.oneof({ weight: 6, arbitrary: jsonText }, { weight: 1, arbitrary: deepText });
      await fc.assert(
        fc.asyncProperty(body, pathSegment, async (text, id) => {
          const url = path.replace('{id}', id);
          const before = await snapshotTables(t.db, TOLERATED);
          let call = request(t.app)[method](url).set('Origin', ORIGIN).set('Content-Type', 'application/json');
          // Logout goes without the cookie it would end.
          if (path !== '/api/v1/auth/logout') call = call.set('Cookie', cookie);
          const res = await call.send(text);
          expect(res.status, res.text).to.be.below(500);
          if (res.status < 400) return;
          expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
          expect(echoed(JSON.parse(text), res.text)).to.deep.equal([]);
          expect(await snapshotTables(t.db, TOLERATED)).to.equal(before);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
