import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import type { RunningServer } from '../../src/web/server.js';
import { ORIGIN } from '../support/http/harness.js';
import { listenOnLoopback } from '../support/http/raw-socket.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { FixedClock } from '../support/unit/fixed-clock.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { documentedRoutes, routeLabel, type DocumentedRoute } from './documented-routes.js';
import { GENERATORS, type Hostile } from './hostile-values.js';
import { snapshotTables } from './table-snapshot.js';
import { signedIn } from '../support/unit/signed-in.js';
import { PASSWORD } from '../support/constants.js';

/** Runs per slot (each body field, an unexpected field, the path, the query) of each route, for each generator. */
const RUNS = 3;
const QUERY_KEYS = ['id', 'limit', 'offset', 'cursor', 'email', 'before', 'type'];
/** The one write a refusal may make: a wrong password re-checked on a known account, in its trail. */
const TOLERATED = ['login_failed'];
type Place = 'body' | 'path' | 'query';
interface Slot {
  place: Place;
  field: string;
}

/** Every place a value can go, each body field on its own: a NUL in the login email is one slot, not a lucky draw. */
const slotsOf = (route: DocumentedRoute): Slot[] => [
  ...[...Object.keys(route.example ?? {}), ...(route.example ? ['unexpected'] : [])].map((field) => ({ place: 'body' as const, field })),
  { place: 'path', field: '' },
  { place: 'query', field: '' },
];

/** The example body with one field (or a new one) replaced by the hostile bytes, which need not be UTF-8. */
const bodyWith = (example: Record<string, unknown>, field: string, value: Buffer): Buffer => {
  const entries = Object.entries({ ...example, [field]: null }).map(([key, inner]) =>
    Buffer.concat([Buffer.from(`${JSON.stringify(key)}:`), key === field ? value : Buffer.from(JSON.stringify(inner))]),
  );
  return Buffer.concat([Buffer.from('{'), ...entries.flatMap((entry, i) => (i === 0 ? [entry] : [Buffer.from(','), entry])), Buffer.from('}')]);
};

const urlOf = (route: DocumentedRoute, place: Place, hostile: Hostile, key: string): string => {
  const id = '01890a5d-ac96-774b-bcce-b302099a8057';
  if (place === 'path') return route.path.includes('{id}') ? route.path.replace('{id}', hostile.segment) : `${route.path}/${hostile.segment}`;
  const path = route.path.replace('{id}', id);
  return place === 'query' ? `${path}?${key}=${hostile.segment}` : path;
};

/** fc.assert, with the counterexample cut short: a hostile value can be 16 KiB of text. */
const assertQuietly = async <T>(label: string, property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> => {
  const details = await fc.check(property, { numRuns });
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'Buffer' ? '<bytes>' : value,
  );
  throw new Error(`${label}: ${String(details.errorInstance).slice(0, 400)}\n  counterexample: ${example.slice(0, 400)} (seed ${details.seed})`);
};

const echoed = (hostile: Hostile, text: string): string[] =>
  hostile.sent.filter((value) => value.length >= 6 && (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))));

/**
 * Every documented route, discovered from the OpenAPI document, with strings either engine
 * refuses, in the body, the path and the query: never a 5xx, every error problem+json, nothing
 * echoed, nothing written. Run on SQLite and on PostgreSQL (GATEHOUSE_TEST_ENGINE).
 */
describe('fuzz: hostile values on every documented route, body, path and query (fast-check)', () => {
  let t: DatabaseHarness;
  let server: RunningServer;
  let base: string;
  let cookie: string;
  const sent: Record<string, number> = {};
  before(async () => {
    const env = { SERVICE_LOGIN_FAILURES_PER_EMAIL: '0', SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0' };
    t = await startHarness(env, { hasher: new CountingHasher(), clock: new FixedClock() }, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD });
    const context = { userAgent: null, clientAddress: '127.0.0.1', presentedSessionToken: null };
    const { session } = signedIn(await t.service.useCases.login({ email: 'root@example.com', password: PASSWORD }, context));
    cookie = `gh_session=${session.token}`;
    // The real Node server, so what its parser refuses (a path over 16 KiB) is answered as in production.
    server = await listenOnLoopback(t.app);
    base = `http://127.0.0.1:${server.address.port}`;
  });
  after(async () => {
    const total = Object.values(sent).reduce((sum, n) => sum + n, 0);
    console.log(`      hostile-value fuzz: ${total} requests (${Object.entries(sent).map(([name, n]) => `${name} ${n}`).join(', ')})`);
    await server.shutdown();
    await t.close();
  });

  /** One request: never 5xx; a refusal is problem+json, echoes nothing and writes nothing. */
  const probe = async (route: DocumentedRoute, { place, field }: Slot, key: string, hostile: Hostile): Promise<void> => {
    const before = await snapshotTables(t.db, TOLERATED);
    let call = request(base)[route.method](urlOf(route, place, hostile, key)).set('Origin', ORIGIN);
    if (route.path !== '/api/v1/auth/logout') call = call.set('Cookie', cookie);
    if (route.example) {
      const body = place === 'body' ? bodyWith(route.example, field, hostile.json) : Buffer.from(JSON.stringify(route.example));
      // As bytes: superagent would otherwise serialize a Buffer as {"type":"Buffer","data":[…]}.
      call = call.set('Content-Type', 'application/json').serialize((bytes: Buffer) => bytes as never).send(body as never);
    }
    const res = await call;
    // The body arrived as sent (a Buffer serialized by superagent has a "type"); a real `type` field (OidcClientIn) may be named.
    if (place === 'body' && field !== 'type') expect(res.text).not.to.include('"type"],"msg"');
    expect(res.status, res.text).to.be.below(500);
    if (res.status < 400) return;
    expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(echoed(hostile, res.text)).to.deep.equal([]);
    expect(await snapshotTables(t.db, TOLERATED)).to.equal(before);
  };

  const routes = documentedRoutes();
  for (const [name, generator] of Object.entries(GENERATORS)) {
    describe(name, () => {
      for (const route of routes) {
        it(`${routeLabel(route)}: never 5xx, problem+json, no echo, nothing written`, async () => {
          for (const slot of slotsOf(route)) {
            const input = fc.record({ key: fc.constantFrom(...QUERY_KEYS), hostile: generator });
            const property = fc.asyncProperty(input, async ({ key, hostile }) => {
              sent[name] = (sent[name] ?? 0) + 1;
              await probe(route, slot, key, hostile);
            });
            await assertQuietly(`${slot.place} ${slot.field}`, property, RUNS);
          }
        });
      }
    });
  }
});
