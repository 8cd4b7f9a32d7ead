import { expect } from 'chai';
import request from 'supertest';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { createOidcMount } from '../../src/oidc/create-oidc-mount.js';
import type { RunningServer } from '../../src/web/server.js';
import { ORIGIN } from '../support/constants.js';
import { memoryLog, startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { listenOnLoopback } from '../support/http/raw-socket.js';
import { cookieHeader, signedInAdmin } from '../support/http/users.js';
import { CountingHasher } from '../support/unit/counting-hasher.js';
import { pageRoutesWithParameters, type PageRoute } from './page-routes.js';

/** Path parameters no decoder accepts, or that decode to what a path must not hold. */
const MALFORMED = ['%ff', '%', '%zz', '%c0%af', '%e0%80%af', '%ed%a0%80', '%00', 'a%00b', '%%', '%2', `${'%ff'.repeat(1500)}`, 'x'.repeat(4000)];
/** pino's error and fatal levels. */
const ERROR_LEVEL = 50;

const errorLines = (lines: string[]): string[] => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= ERROR_LEVEL);

/**
 * Every page route with a path parameter (the OpenID interactions included), read from the app's
 * routers, by GET and by POST, signed in and out, with each malformed parameter: never a 5xx, never
 * an error-level log line (a client's bad escape is no fault of ours), never a stack in the page.
 */
describe('fuzz: malformed path parameters on every page route (SQLite and PostgreSQL)', function () {
  this.timeout(120_000);
  let h: DatabaseHarness;
  let server: RunningServer;
  let base: string;
  let cookie: string;
  let routes: PageRoute[];
  const log = memoryLog();

  before(async () => {
    h = await startHarness({}, { hasher: new CountingHasher() });
    cookie = cookieHeader((await signedInAdmin(h)).token);
    const logger = createLogger('info', log.stream);
    const { service, config } = h;
    const oidc = createOidcMount({ useCases: service.useCases, ports: service.ports, config, logger });
    const app = createApp({ useCases: service.useCases, config, logger, clock: service.ports.clock, oidc });
    routes = pageRoutesWithParameters(app);
    server = await listenOnLoopback(app);
    base = `http://127.0.0.1:${server.address.port}`;
  });
  after(async () => {
    await server?.shutdown();
    await h?.close();
  });

  it('finds the page routes that take a parameter (assets, account, admin, OpenID interactions)', () => {
    const paths = routes.map((route) => route.path);
    for (const known of ['/gatehouse/assets/:name', '/gatehouse/account/sessions/:id/revoke', '/gatehouse/admin/users/:id/disable', '/gatehouse/oidc/interaction/:uid']) {
      expect(paths).to.include(known);
    }
  });

  for (const signedIn of [false, true]) {
    it(`${signedIn ? 'signed in' : 'signed out'}: GET and POST with each malformed parameter, never 5xx, no error logged`, async () => {
      const failures: string[] = [];
      for (const route of routes) {
        for (const value of MALFORMED) {
          // Every parameter of the route gets the value: the first one the router decodes is refused.
          const url = route.path.replace(/:[A-Za-z]+/g, value);
          for (const method of ['get', 'post'] as const) {
            const before = log.lines.length;
            let call = request(base)[method](url).set('Origin', ORIGIN);
            if (signedIn) call = call.set('Cookie', cookie);
            if (method === 'post') call = call.type('form').send('');
            const res = await call;
            const errors = errorLines(log.lines.slice(before));
            if (res.status >= 500 || /URIError|at [\w.]+ \(/.test(res.text) || errors.length > 0) {
              failures.push(`${method.toUpperCase()} ${route.path} with ${value.slice(0, 12)}: ${res.status}, ${errors.length} error lines`);
            }
          }
        }
      }
      expect(failures.join('\n')).to.equal('');
    });
  }
});
