import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  authorizationRequest,
  backAtClient,
  createMember,
  exact,
  registerClient,
  signInOnPage,
  startOidcStage,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

describe('OpenID provider: discovery, JWKS and the code flow with PKCE and consent (openid-client, Chromium)', function () {
  this.timeout(120_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  let wiki: RegisteredClient;
  const MEMBER = 'mia@example.com';
  let memberId = '';

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    memberId = await createMember(server, MEMBER, 'Mia Member');
    wiki = await registerClient(server, { name: 'Team Wiki', redirectUris: [callback.redirectUri] });
  });
  after(() => stage?.close());

  it('publishes discovery at {issuer}/.well-known/openid-configuration: code only, S256, ID tokens in RS256 or ES256', async () => {
    const meta = wiki.config.serverMetadata();
    expect(meta.issuer).to.equal(server.issuer);
    expect(meta.response_types_supported).to.deep.equal(['code']);
    expect(meta.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(meta.id_token_signing_alg_values_supported).to.deep.equal(['RS256', 'ES256']);
    expect(meta.grant_types_supported).to.not.include('password');
    expect(meta.grant_types_supported).to.not.include('implicit');
    expect(meta.scopes_supported).to.include.members(['openid', 'email', 'profile', 'offline_access']);
    expect(meta.token_endpoint_auth_methods_supported).to.include.members(['client_secret_basic', 'client_secret_post', 'none']);
    expect(meta.end_session_endpoint).to.equal(`${server.issuer}/session/end`);
  });

  it('publishes an RS256 and an ES256 public key at the JWKS, no other, and no private part', async () => {
    const response = await fetch(String(wiki.config.serverMetadata().jwks_uri));
    expect(response.status).to.equal(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys.map((key) => key.alg).sort()).to.deep.equal(['ES256', 'RS256']);
    for (const key of keys) expect(key).to.not.have.any.keys('d', 'p', 'q', 'dp', 'dq', 'qi');
  });

  it('signs a person in through the sign-in and consent pages; the ID token and userinfo carry the granted claims', async () => {
    const request = await authorizationRequest(wiki.config, callback.redirectUri);
    await page.goto(request.url.href);
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/sign-in');
    await signInOnPage(page, MEMBER);
    await page.getByRole('button', { name: 'Allow', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.contain('Team Wiki');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(wiki.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    const claims = tokens.claims();
    expect(claims?.iss).to.equal(server.issuer);
    expect(claims?.aud).to.equal(wiki.clientId);
    expect(claims?.sub).to.equal(memberId);
    expect(claims?.nonce).to.equal(request.nonce);
    expect(claims?.amr).to.deep.equal(['pwd']);
    expect(claims?.auth_time).to.be.a('number');
    expect(claims?.email).to.equal(MEMBER);
    expect(claims?.email_verified).to.equal(false);
    expect(claims?.name).to.equal('Mia Member');
    expect(tokens.refresh_token).to.equal(undefined);
    const info = await oidc.fetchUserInfo(wiki.config, tokens.access_token, memberId);
    expect(info).to.include({ sub: memberId, email: MEMBER, email_verified: false, name: 'Mia Member' });
  });

  it('remembers the consent: the next authorization of the same scopes goes straight back to the client', async () => {
    const request = await authorizationRequest(wiki.config, callback.redirectUri);
    await page.goto(request.url.href);
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(wiki.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.sub).to.equal(memberId);
  });

  it('asks once for offline_access, then remembers it too: the next such authorization goes straight back with a refresh token', async () => {
    const scope = 'openid email profile offline_access';
    const first = await authorizationRequest(wiki.config, callback.redirectUri, { scope });
    await page.goto(first.url.href);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const firstBack = await backAtClient(page, callback);
    const firstTokens = await oidc.authorizationCodeGrant(wiki.config, firstBack, { pkceCodeVerifier: first.verifier, expectedNonce: first.nonce, expectedState: first.state });
    expect(firstTokens.refresh_token).to.be.a('string');
    const again = await authorizationRequest(wiki.config, callback.redirectUri, { scope });
    await page.goto(again.url.href);
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(wiki.config, back, { pkceCodeVerifier: again.verifier, expectedNonce: again.nonce, expectedState: again.state });
    expect(tokens.refresh_token).to.be.a('string');
  });

  it("asks again when the client itself sends prompt=consent, even with Gatehouse's own mark of an implied consent", async () => {
    const request = await authorizationRequest(wiki.config, callback.redirectUri, { prompt: 'consent', gatehouse_implied_consent: '1' });
    await page.goto(request.url.href);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(wiki.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.sub).to.equal(memberId);
  });

  it('answers access_denied to the client when the person denies', async () => {
    // Another person at the same browser: the first signs out of Gatehouse.
    await page.goto(`${server.origin}/gatehouse/account`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    const request = await authorizationRequest(wiki.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Deny', ...exact }).click();
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.get('state')).to.equal(request.state);
  });
});
