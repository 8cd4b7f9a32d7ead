import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import {
  authorizationRequest,
  authorizeInBrowser,
  createMember,
  discover,
  startCallback,
  startOidcStage,
  type OidcServer,
  type OidcStage,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const MEMBER = 'nina@example.com';

interface Redeemed {
  ok: boolean;
  userinfo?: { email?: string };
  error?: string;
}

describe('OpenID provider: native apps (loopback on any port) and single-page applications (exact CORS origins)', function () {
  this.timeout(150_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let other: RelyingPartyCallback;
  let page: Page;

  const publicClient = async (input: Record<string, unknown>) => {
    const { client } = await server.service.useCases.createOidcClientAsOperator({ name: 'App', type: 'public', skip_consent: true, ...input });
    return { clientId: client.clientId, config: await discover(server.issuer, client.clientId, null) };
  };

  /** The single-page application's own script, run in a page of `at`: redeems the code and reads userinfo with fetch. */
  const redeemInBrowser = (at: Page, args: { token: string; userinfo: string; body: Record<string, string> }): Promise<Redeemed> =>
    at.evaluate(async ({ token, userinfo, body }) => {
      try {
        const answer = await fetch(token, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
        const tokens = (await answer.json()) as { access_token: string };
        const me = await fetch(userinfo, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
        return { ok: true, userinfo: (await me.json()) as { email?: string } };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    }, args);

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    other = await startCallback();
    await createMember(server, MEMBER, 'Nina');
  });
  after(async () => {
    await other?.close();
    await stage?.close();
  });

  it('a native client registered with http://127.0.0.1/callback signs in through a loopback redirect on another port', async () => {
    const port = new URL(callback.origin).port;
    const app = await publicClient({ application_type: 'native', redirect_uris: ['http://127.0.0.1/callback'] });
    expect(port).to.not.equal('');
    const request = await authorizationRequest(app.config, callback.redirectUri);
    const back = await authorizeInBrowser(page, callback, request.url, MEMBER);
    const tokens = await oidc.authorizationCodeGrant(app.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.aud).to.equal(app.clientId);
  });

  it('a web client\'s loopback redirect still matches exactly, port and all', async () => {
    const app = await publicClient({ redirect_uris: ['http://127.0.0.1/callback'] });
    const request = await authorizationRequest(app.config, callback.redirectUri);
    await page.goto(request.url.href);
    expect(new URL(page.url()).origin).to.equal(server.origin);
    expect(await page.locator('main').innerText()).to.not.contain('http://127.0.0.1');
  });

  it('a single-page application redeems its code and reads userinfo from its own origin in the browser; another origin cannot read', async () => {
    const spa = await publicClient({ redirect_uris: [callback.redirectUri], allowed_origins: [callback.origin] });
    const meta = spa.config.serverMetadata();
    const run = async (at: RelyingPartyCallback): Promise<Redeemed> => {
      const request = await authorizationRequest(spa.config, callback.redirectUri);
      const back = await authorizeInBrowser(page, callback, request.url, MEMBER);
      if (at.origin !== callback.origin) await page.goto(`${at.origin}/app`);
      const body = { grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', redirect_uri: callback.redirectUri, client_id: spa.clientId, code_verifier: request.verifier };
      return redeemInBrowser(page, { token: String(meta.token_endpoint), userinfo: String(meta.userinfo_endpoint), body });
    };
    const own = await run(callback);
    expect(own.ok, own.error).to.equal(true);
    expect(own.userinfo?.email).to.equal(MEMBER);
    const foreign = await run(other);
    expect(foreign.ok).to.equal(false);
  });

  it('the CORS answers name only a registered origin exactly, never an arbitrary one', async () => {
    const spa = await publicClient({ redirect_uris: ['https://board.example.test/cb'], allowed_origins: ['https://board.example.test'] });
    const answer = (origin: string, init: RequestInit = {}) => fetch(`${server.base}/token`, { method: 'POST', ...init, headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', ...init.headers }, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: 'https://board.example.test/cb', client_id: spa.clientId, code_verifier: 'y'.repeat(43) }) });
    const preflight = (path: string, origin: string) => fetch(`${server.base}${path}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    const own = await answer('https://board.example.test');
    expect(own.status).to.equal(400);
    expect(own.headers.get('access-control-allow-origin')).to.equal('https://board.example.test');
    expect(own.headers.get('access-control-allow-credentials')).to.equal(null);
    for (const origin of ['https://evil.example', 'https://board.example.test.evil.example', 'null']) {
      expect((await answer(origin)).headers.get('access-control-allow-origin'), origin).to.equal(null);
      expect((await preflight('/me', origin)).headers.get('access-control-allow-origin'), origin).to.equal(null);
    }
    const ownPreflight = await preflight('/me', 'https://board.example.test');
    expect([ownPreflight.status, ownPreflight.headers.get('access-control-allow-origin')]).to.deep.equal([204, 'https://board.example.test']);
    expect((await preflight('/auth', 'https://board.example.test')).headers.get('access-control-allow-origin'), 'not the authorization endpoint').to.equal(null);
    expect((await fetch(`${server.base}/jwks`, { headers: { Origin: 'https://evil.example' } })).headers.get('access-control-allow-origin')).to.equal('*');
  });
});
