import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { createPrometheusMetrics } from '../../src/metrics/prometheus-metrics.js';
import {
  authorizationRequest,
  authorizeInBrowser,
  createMember,
  discover,
  oauthErrorOf,
  registerClient,
  signInAtClient,
  startOidcStage,
  userinfoStatus,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const MEMBER = 'tom@example.com';
const metrics = createPrometheusMetrics();

describe('OpenID provider: the token endpoint (codes, client authentication, PKCE, refresh rotation)', function () {
  this.timeout(120_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  let app: RegisteredClient;

  before(async () => {
    stage = await startOidcStage({ metrics });
    ({ server, callback, page } = stage);
    await createMember(server, MEMBER, 'Tom');
    app = await registerClient(server, { name: 'Dashboard', redirectUris: [callback.redirectUri], skipConsent: true });
  });
  after(() => stage?.close());

  it('accepts client_secret_basic and client_secret_post for the same confidential client', async () => {
    const basic = await signInAtClient(page, callback, app, MEMBER);
    expect(basic.tokens.access_token).to.be.a('string');
    const post = { ...app, config: await discover(server.issuer, app.clientId, app.secret, 'post') };
    const viaPost = await signInAtClient(page, callback, post, MEMBER);
    expect(viaPost.tokens.claims()?.aud).to.equal(app.clientId);
  });

  it('refuses a wrong client secret with invalid_client as {error, error_description}, not problem+json', async () => {
    const response = await fetch(`${server.issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${app.clientId}:not-the-secret`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: callback.redirectUri, code_verifier: 'y'.repeat(43) }),
    });
    expect(response.status).to.equal(401);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).to.equal('invalid_client');
    expect(body.error_description).to.be.a('string');
    expect(JSON.stringify(body)).to.not.match(/at \w+ \(|node_modules/);
  });

  it('sends a request without PKCE back to the client with invalid_request', async () => {
    const url = oidc.buildAuthorizationUrl(app.config, { redirect_uri: callback.redirectUri, scope: 'openid', state: 's1' });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).to.equal(303);
    const location = new URL(String(response.headers.get('location')));
    expect(location.origin + location.pathname).to.equal(callback.redirectUri);
    expect(location.searchParams.get('error')).to.equal('invalid_request');
  });

  it('never redirects to an unregistered redirect URI: an error page instead, and a code bound to its URI', async () => {
    const request = await authorizationRequest(app.config, `${callback.origin}/elsewhere`);
    const response = await fetch(request.url, { redirect: 'manual' });
    expect(response.status).to.equal(400);
    expect(response.headers.get('location')).to.equal(null);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    // A code exchanged with another redirect_uri than it was issued for is refused.
    const issued = await authorizationRequest(app.config, callback.redirectUri);
    const back = await authorizeInBrowser(page, callback, issued.url, MEMBER);
    const elsewhere = new URL(`${callback.origin}/elsewhere${back.search}`);
    const exchange = oidc.authorizationCodeGrant(app.config, elsewhere, { pkceCodeVerifier: issued.verifier, expectedNonce: issued.nonce, expectedState: issued.state });
    expect(await oauthErrorOf(exchange)).to.equal('invalid_grant');
  });

  it('refuses a second redemption of a code and revokes the tokens the first one issued', async () => {
    const first = await signInAtClient(page, callback, app, MEMBER);
    expect(await userinfoStatus(server, first.tokens.access_token)).to.equal(200);
    const again = oidc.authorizationCodeGrant(app.config, first.back, { pkceCodeVerifier: first.request.verifier, expectedNonce: first.request.nonce, expectedState: first.request.state });
    expect(await oauthErrorOf(again)).to.equal('invalid_grant');
    expect(await userinfoStatus(server, first.tokens.access_token)).to.equal(401);
  });

  it('of two redemptions of one code racing, exactly one wins', async () => {
    const request = await authorizationRequest(app.config, callback.redirectUri);
    const back = await authorizeInBrowser(page, callback, request.url, MEMBER);
    const redeem = () => oidc.authorizationCodeGrant(app.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state }).then(() => 'won', () => 'lost');
    const outcomes = await Promise.all([redeem(), redeem(), redeem(), redeem()]);
    expect(outcomes.filter((outcome) => outcome === 'won')).to.have.length(1);
  });

  it('counts the token endpoint in gatehouse_oidc_tokens_total by grant type and outcome', async () => {
    const text = await metrics.registry.metrics();
    expect(text).to.match(/gatehouse_oidc_tokens_total\{grant_type="authorization_code",outcome="succeeded"\} [1-9]/);
    expect(text).to.match(/gatehouse_oidc_tokens_total\{grant_type="authorization_code",outcome="invalid_grant"\} [1-9]/);
    expect(text).to.match(/gatehouse_oidc_tokens_total\{grant_type="authorization_code",outcome="invalid_client"\} [1-9]/);
  });

  it("labels the provider's endpoints by name in the request metrics, and an unknown path below the issuer as unmatched", async () => {
    expect((await fetch(`${server.issuer}/no-such-endpoint`)).status).to.equal(404);
    const text = await metrics.registry.metrics();
    for (const route of ['/gatehouse/oidc/token', '/gatehouse/oidc/auth', '/gatehouse/oidc/.well-known/openid-configuration']) {
      expect(text, route).to.include(`route="${route}"`);
    }
    expect(text).to.not.include('no-such-endpoint');
  });

  it('signs a public client in with PKCE and no secret', async () => {
    const spa = await registerClient(server, { name: 'Single page', type: 'public', redirectUris: [callback.redirectUri], skipConsent: true });
    expect(spa.secret).to.equal(null);
    const { tokens } = await signInAtClient(page, callback, spa, MEMBER);
    expect(tokens.claims()?.aud).to.equal(spa.clientId);
  });

  describe('refresh tokens', () => {
    it('issues one only for offline_access', async () => {
      const { tokens } = await signInAtClient(page, callback, app, MEMBER, { scope: 'openid' });
      expect(tokens.refresh_token).to.equal(undefined);
    });

    it('rotates on every use; a rotated token again within 30 s is invalid_grant without revoking; later it revokes the grant', async () => {
      const { tokens } = await signInAtClient(page, callback, app, MEMBER, { scope: 'openid offline_access' });
      const first = String(tokens.refresh_token);
      expect(first).to.have.length.greaterThan(20);
      const second = await oidc.refreshTokenGrant(app.config, first);
      expect(second.refresh_token).to.be.a('string').and.not.equal(first);
      // Two refreshes racing (the second a moment late): refused, and the grant lives on.
      expect(await oauthErrorOf(oidc.refreshTokenGrant(app.config, first))).to.equal('invalid_grant');
      const third = await oidc.refreshTokenGrant(app.config, String(second.refresh_token));
      expect(await userinfoStatus(server, third.access_token)).to.equal(200);
      // A stolen token replayed long after its rotation: refused, and the whole grant is revoked.
      server.advance(31_000);
      expect(await oauthErrorOf(oidc.refreshTokenGrant(app.config, String(second.refresh_token)))).to.equal('invalid_grant');
      expect(await oauthErrorOf(oidc.refreshTokenGrant(app.config, String(third.refresh_token)))).to.equal('invalid_grant');
      expect(await userinfoStatus(server, third.access_token)).to.equal(401);
    });
  });

  it('is mounted so that the browser came back with the code at the registered URI only', async () => {
    const request = await authorizationRequest(app.config, callback.redirectUri);
    const back = await authorizeInBrowser(page, callback, request.url, MEMBER);
    expect(back.origin + back.pathname).to.equal(callback.redirectUri);
    expect(back.searchParams.get('code')).to.be.a('string');
  });
});
