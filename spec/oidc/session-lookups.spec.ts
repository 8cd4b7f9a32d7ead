import { expect } from 'chai';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { countLookups, type CountedLookups, type LookupCounts } from '../support/http/counted-lookups.js';
import { CookieJar, signIn, type OidcTarget } from '../support/oidc/headless-flow.js';
import { createMember, registerClient, startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';

interface Hop {
  method: string;
  path: string;
  status: number;
  counts: LookupCounts;
}

/**
 * An authorization by a signed-in browser, redirects followed by hand and the consent page's Allow
 * pressed, until it is back at the client or lands on a Gatehouse page; every request's lookups.
 */
const authorizeCounting = async (server: OidcServer, counted: CountedLookups, jar: CookieJar, clientId: string, redirectUri: string): Promise<{ hops: Hop[]; landed: string }> => {
  const hops: Hop[] = [];
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email', state: 'spec-state', nonce: 'spec-nonce', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
  let next: { method: string; url: string } = { method: 'GET', url: `${server.base}/auth?${params}` };
  for (let hop = 0; hop < 12; hop++) {
    let response: Response | undefined;
    const counts = await counted.during(async () => {
      response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: { Cookie: jar.header(), ...(next.method === 'POST' ? { Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
        ...(next.method === 'POST' ? { body: '' } : {}),
      });
      jar.take(response);
      await response.arrayBuffer();
    });
    const answer = response!;
    const { pathname } = new URL(next.url);
    hops.push({ method: next.method, path: pathname, status: answer.status, counts });
    const location = answer.headers.get('location');
    if (answer.status === 200 && pathname.includes('/interaction/')) {
      next = { method: 'POST', url: `${server.origin}${pathname}/allow` }; // the consent page: Allow
      continue;
    }
    if (!location) throw new Error(`the authorization stopped at ${next.method} ${pathname} with ${answer.status}`);
    if (location.startsWith(redirectUri)) return { hops, landed: 'client' };
    const resolved = new URL(location, server.origin);
    if (!resolved.pathname.startsWith('/gatehouse/oidc')) return { hops, landed: resolved.pathname };
    next = { method: 'GET', url: `${server.origin}${resolved.pathname}${resolved.search}` };
  }
  throw new Error('the authorization did not end within 12 requests');
};

const targetOf = (server: OidcServer): OidcTarget => ({ base: server.origin, publicOrigin: server.origin, clientId: '', clientSecret: '', redirectUri: '' });

describe(`an OpenID authorization resolves the browser's session once per request (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  const REDIRECT = 'http://127.0.0.1:9/callback';

  describe('a signed-in member, a client that asks for consent', () => {
    let server: OidcServer;
    let counted: CountedLookups;
    before(async () => {
      server = await startOidcServer({ wrapUseCases: (useCases) => (counted = countLookups(useCases)).useCases });
      await createMember(server, 'mia@example.com');
    });
    after(() => server?.close());

    it('on every request of the flow, the session is looked up and its sign-in described at most once', async () => {
      const client = await registerClient(server, { name: 'Wiki', redirectUris: [REDIRECT] });
      const jar = await signIn(targetOf(server), 'mia@example.com', PASSWORD);
      const { hops, landed } = await authorizeCounting(server, counted, jar, client.clientId, REDIRECT);
      expect(landed).to.equal('client');
      expect(hops.some((hop) => hop.method === 'POST' && hop.path.endsWith('/allow')), 'the consent was given').to.equal(true);
      const over = hops.filter(({ counts }) => counts.authenticateSession > 1 || counts.describeSignIn > 1);
      expect(over, JSON.stringify(hops)).to.deep.equal([]);
      expect(hops.filter(({ counts }) => counts.authenticateSession === 1).length, 'the requests that read the session').to.be.at.least(3);
    });
  });

  describe('a session the MFA policy holds to enrolment', () => {
    let server: OidcServer;
    let counted: CountedLookups;
    before(async () => {
      server = await startOidcServer({ env: { SERVICE_MFA_REQUIRED: 'all' }, wrapUseCases: (useCases) => (counted = countLookups(useCases)).useCases });
      await createMember(server, 'nora@example.com', 'Nora');
    });
    after(() => server?.close());

    it('costs one lookup at GET /interaction/:uid, which sends it to the account page to enrol a factor', async () => {
      const client = await registerClient(server, { name: 'Strict', redirectUris: [REDIRECT], skipConsent: true });
      const jar = await signIn(targetOf(server), 'nora@example.com', PASSWORD);
      const { hops, landed } = await authorizeCounting(server, counted, jar, client.clientId, REDIRECT);
      expect(landed).to.equal('/gatehouse/account');
      const interaction = hops.find((hop) => hop.method === 'GET' && /^\/gatehouse\/oidc\/interaction\/[^/]+$/.test(hop.path));
      expect(interaction?.counts, JSON.stringify(hops)).to.deep.equal({ authenticateSession: 1, authenticateApiToken: 0, describeSignIn: 0 });
      expect(hops.filter(({ counts }) => counts.authenticateSession > 1 || counts.describeSignIn > 1), JSON.stringify(hops)).to.deep.equal([]);
    });
  });
});
