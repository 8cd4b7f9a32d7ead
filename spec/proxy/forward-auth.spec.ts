import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { composeService } from '../../src/compose.js';
import { createLogger } from '../../src/runtime/logger.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { ORIGIN, testConfig } from '../support/http/harness.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { PASSWORD, sessionCookieOf, uniqueEmail } from '../support/http/users.js';
import { startBackendApp } from '../support/proxy/backend-app.js';
import { requireBinary } from '../support/proxy/binaries.js';
import { startCaddy } from '../support/proxy/caddy.js';
import { send, type Answer } from '../support/proxy/http-client.js';
import { startNginx } from '../support/proxy/nginx.js';
import type { RunningProxy } from '../support/proxy/proxy-process.js';
import { runningAsRoot } from '../support/proxy/unprivileged.js';
import { startUpstreamApp, type UpstreamApp } from '../support/proxy/upstream-app.js';

/** The real, effective, saved and filesystem user ids of a running process (Linux). */
const userIdsOf = (pid: number): number[] =>
  (/^Uid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '').split(/\s+/).map(Number);

interface ProxyUnderTest {
  name: string;
  start: typeof startNginx;
  /** How this example configuration turns away a visitor who is not signed in. */
  expectSignedOut(answer: Answer): void;
}

/** Both examples send a visitor who is not signed in to Gatehouse's sign-in page, to come back after it. */
const toSignIn = (answer: Answer): void => {
  expect(answer.status).to.equal(302);
  expect(answer.headers.location).to.match(/\/gatehouse\/sign-in\?return_to=\/dashboard$/);
};

const PROXIES: ProxyUnderTest[] = [
  {
    name: 'nginx with auth_request (docs/examples/forward-auth/nginx.conf)',
    start: startNginx,
    expectSignedOut: toSignIn,
  },
  {
    name: 'Caddy with forward_auth (docs/examples/forward-auth/Caddyfile)',
    start: startCaddy,
    expectSignedOut: toSignIn,
  },
];

describe(`forward auth behind real reverse proxies, run unprivileged (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let database: TempDatabase;
  let gatehouse: ServerProcess;
  let app: UpstreamApp;
  let email: string;
  let memberEmail: string;
  let outsiderEmail: string;
  let groupName: string;
  let service: ReturnType<typeof composeService>;

  before(async function () {
    this.timeout(120_000); // may build dist/ first
    database = await createTempDatabase();
    email = uniqueEmail('proxied');
    service = composeService({ ...testConfig({ SERVICE_DATABASE_URL: database.url }), databasePoolMax: 1 }, {}, createLogger('silent'));
    await service.useCases.createAdmin({ email, password: PASSWORD, display_name: 'Proxied' });
    // A group with one member; the forward-auth rule for each proxy's host names it (below).
    [memberEmail, outsiderEmail, groupName] = [uniqueEmail('insider'), uniqueEmail('outsider'), `staff-${process.pid}`];
    for (const who of [memberEmail, outsiderEmail]) await service.useCases.createAdmin({ email: who, password: PASSWORD, display_name: 'Someone' });
    await service.useCases.createGroup('operator', { name: groupName });
    await service.useCases.addGroupMember('operator', { name: groupName }, { email: memberEmail });
    // As the examples say: Gatehouse believes the proxy's forwarded host and URI.
    [gatehouse, app] = await Promise.all([startServerProcess(database.url, { SERVICE_TRUST_PROXY: '1' }), startUpstreamApp()]);
  });
  after(async () => {
    await Promise.all([gatehouse?.stop(), app?.close(), service?.close()]);
    await database?.cleanup();
  });

  it('a proxy that is not installed fails the spec with the command that installs it, never a skip', () => {
    expect(() => requireBinary('gatehouse-no-such-proxy')).to.throw(/not installed.*apt-get install gatehouse-no-such-proxy/);
  });

  describe("an application's backend asking with docs/examples/forward-auth/who-is.mjs", () => {
    let backend: RunningProxy;
    let token: string;
    before(async () => {
      backend = await startBackendApp({ gatehouseUrl: gatehouse.url });
      const login = await send(`${gatehouse.url}/api/v1/auth/login`, { method: 'POST', headers: { Origin: ORIGIN }, body: { email, password: PASSWORD } });
      token = sessionCookieOf({ headers: login.headers } as never)!;
    });
    after(() => backend?.stop());

    it('knows the user behind a session cookie, and nobody behind no credential', async () => {
      const user = JSON.parse((await send(`${backend.url}/page`, { headers: { Cookie: `gh_session=${token}` } })).body);
      expect(user).to.include({ email, mfa: false });
      expect(user.id).to.match(/^[0-9a-f-]{36}$/);
      expect((await send(`${backend.url}/page`)).status).to.equal(401);
    });

    it('knows nobody behind a cross-site POST that carries the cookie', async () => {
      const headers = { Cookie: `gh_session=${token}`, Origin: 'https://evil.example' };
      expect((await send(`${backend.url}/orders`, { method: 'POST', headers })).status).to.equal(401);
      const sameSite = await send(`${backend.url}/orders`, { method: 'POST', headers: { ...headers, Origin: ORIGIN } });
      expect(JSON.parse(sameSite.body)).to.include({ email });
    });
  });

  for (const proxy of PROXIES) {
    describe(proxy.name, () => {
      let front: RunningProxy;
      before(async () => {
        front = await proxy.start({ gatehousePort: Number(new URL(gatehouse.url).port), appPort: app.port });
      });
      after(() => front?.stop());

      /** Signs in through the proxy, as the app's sign-in page would: Gatehouse's API on the app's origin. */
      const signIn = async (who = email): Promise<string> => {
        const answer = await send(`${front.url}/api/v1/auth/login`, { method: 'POST', headers: { Origin: ORIGIN }, body: { email: who, password: PASSWORD } });
        expect(answer.status).to.equal(200);
        const token = sessionCookieOf({ headers: answer.headers } as never);
        expect(token).to.be.a('string');
        return token!;
      };
      const asCookie = (token: string, extra: Record<string, string> = {}) => ({ Cookie: `gh_session=${token}`, ...extra });
      /** Sends, and says whether the request reached the app. */
      const through = async (path: string, options: Parameters<typeof send>[1] = {}) => {
        const before = app.seen.length;
        const answer = await send(`${front.url}${path}`, options);
        return { answer, reached: app.seen.slice(before) };
      };

      it('runs as an unprivileged user', () => {
        const ids = userIdsOf(front.pid);
        expect(ids).to.have.length(4);
        // As root (CI), the proxy is started as nobody; as anyone else it runs as that user.
        expect(ids.every((id) => id !== 0), `uids ${ids.join(' ')}`).to.equal(true);
        if (runningAsRoot) expect(ids).to.deep.equal([65534, 65534, 65534, 65534]);
      });

      it('without a cookie: the app is not reached, and the visitor is turned away', async () => {
        const { answer, reached } = await through('/dashboard');
        proxy.expectSignedOut(answer);
        expect(reached).to.deep.equal([]);
      });

      it('with a valid session cookie: the app sees the user id and email, never a forged one', async () => {
        const token = await signIn();
        const forged = { 'X-Gatehouse-User-Id': 'someone-else', 'X-Gatehouse-Email': 'admin@evil.example' };
        const { answer, reached } = await through('/dashboard?tab=1', { headers: asCookie(token, forged) });
        expect(answer.status).to.equal(200);
        expect(reached).to.have.length(1);
        const me = JSON.parse((await send(`${front.url}/api/v1/users/me`, { headers: asCookie(token) })).body);
        expect(reached[0]!.headers['x-gatehouse-user-id']).to.equal(me.id);
        expect(reached[0]!.headers['x-gatehouse-email']).to.equal(email);
        expect(reached[0]!.headers['x-gatehouse-mfa']).to.equal('false');
        expect(reached[0]!.path).to.equal('/dashboard?tab=1');
      });

      it('a revoked session is refused on its next request, while the other session still passes', async () => {
        const [revoked, kept] = [await signIn(), await signIn()];
        expect((await through('/dashboard', { headers: asCookie(revoked) })).answer.status).to.equal(200);
        const sessions = JSON.parse((await send(`${front.url}/api/v1/sessions`, { headers: asCookie(revoked) })).body) as { id: string; current: boolean }[];
        const revokedId = sessions.find((session) => session.current)!.id;
        const deletion = await send(`${front.url}/api/v1/sessions/${revokedId}`, { method: 'DELETE', headers: asCookie(kept, { Origin: ORIGIN }) });
        expect(deletion.status).to.equal(204);

        const { answer, reached } = await through('/dashboard', { headers: asCookie(revoked) });
        proxy.expectSignedOut(answer);
        expect(reached).to.deep.equal([]);
        expect((await through('/dashboard', { headers: asCookie(kept) })).answer.status).to.equal(200);
      });

      it('a host rule by group: a member reaches the app with its groups, another user gets 403 and the app sees nothing', async () => {
        const group = await service.useCases.getGroup('operator', { name: groupName });
        const rule = await service.useCases.createForwardAuthRule('operator', { host: new URL(front.url).host, path_prefix: '/staff', allowed_groups: [group.id] });
        try {
          const { answer, reached } = await through('/staff/page', { headers: asCookie(await signIn(memberEmail), { 'X-Gatehouse-Groups': 'forged' }) });
          expect(answer.status).to.equal(200);
          expect(reached[0]!.headers['x-gatehouse-groups']).to.equal(groupName);
          const refused = await through('/staff/page', { headers: asCookie(await signIn(outsiderEmail)) });
          expect(refused.answer.status).to.equal(403);
          expect(refused.reached).to.deep.equal([]);
          expect((await through('/dashboard', { headers: asCookie(await signIn(outsiderEmail)) })).answer.status, 'no rule covers /dashboard').to.equal(200);
        } finally {
          await service.useCases.deleteForwardAuthRule('operator', rule.id);
        }
      });

      it('a cross-site POST with the cookie is refused with 403 and never reaches the app; a same-site one passes', async () => {
        const token = await signIn();
        // The last one also claims, in vain, to be a GET: the proxy names the method itself.
        const crossSite: Record<string, string>[] = [{ Origin: 'https://evil.example' }, {}, { Origin: 'null', 'X-Forwarded-Method': 'GET' }];
        for (const extra of crossSite) {
          const { answer, reached } = await through('/orders', { method: 'POST', headers: asCookie(token, extra), body: { item: 1 } });
          expect(answer.status, JSON.stringify(extra)).to.equal(403);
          expect(reached).to.deep.equal([]);
        }
        const { answer, reached } = await through('/orders', { method: 'POST', headers: asCookie(token, { Origin: ORIGIN }), body: { item: 1 } });
        expect(answer.status).to.equal(200);
        expect(reached.map((request) => request.method)).to.deep.equal(['POST']);
        expect(reached[0]!.headers['x-gatehouse-email']).to.equal(email);
      });
    });
  }
});
