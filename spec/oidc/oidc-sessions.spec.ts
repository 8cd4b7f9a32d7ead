import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD } from '../support/constants.js';
import { axeViolations, describeViolations } from '../support/pages/axe.js';
import {
  authorizationRequest,
  backAtClient,
  createMember,
  enrolTotpFor,
  exact,
  registerClient,
  signInAtClient,
  signInOnPage,
  signOutInBrowser,
  startOidcStage,
  totpNow,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const MEMBER = 'lea@example.com';
const TOTP_USER = 'otto@example.com';

describe('OpenID provider: the Gatehouse session behind it (prompt, max_age, amr, RP-initiated logout)', function () {
  this.timeout(150_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  let first: RegisteredClient;
  let asking: RegisteredClient;

  const signedInAtGatehouse = async (): Promise<boolean> => {
    await page.goto(`${server.origin}/gatehouse/account`);
    return new URL(page.url()).pathname === '/gatehouse/account';
  };

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    await createMember(server, MEMBER, 'Lea');
    await createMember(server, TOTP_USER, 'Otto');
    first = await registerClient(server, { name: 'Intranet', redirectUris: [callback.redirectUri], postLogoutRedirectUris: [callback.postLogoutUri], skipConsent: true });
    asking = await registerClient(server, { name: 'Photos', redirectUris: [callback.redirectUri] });
  });
  after(() => stage?.close());

  it('prompt=none without a Gatehouse session answers login_required to the client', async () => {
    const request = await authorizationRequest(first.config, callback.redirectUri, { prompt: 'none' });
    await page.goto(request.url.href);
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('error')).to.equal('login_required');
  });

  it('a first-party client (skip_consent) asks no consent; prompt=none then signs in silently', async () => {
    const { tokens } = await signInAtClient(page, callback, first, MEMBER);
    expect(tokens.claims()?.amr).to.deep.equal(['pwd']);
    const silent = await authorizationRequest(first.config, callback.redirectUri, { prompt: 'none' });
    await page.goto(silent.url.href);
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('code')).to.be.a('string');
  });

  it('prompt=none at a client never consented to answers consent_required', async () => {
    const request = await authorizationRequest(asking.config, callback.redirectUri, { prompt: 'none' });
    await page.goto(request.url.href);
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('error')).to.equal('consent_required');
  });

  it('prompt=login shows the sign-in page to a signed-in person, and auth_time is the new sign-in', async () => {
    const before = await signInAtClient(page, callback, first, MEMBER);
    const request = await authorizationRequest(first.config, callback.redirectUri, { prompt: 'login' });
    await page.goto(request.url.href);
    await page.waitForURL((url) => url.pathname === '/gatehouse/sign-in', { timeout: 30_000 });
    await page.waitForTimeout(1100); // auth_time has whole seconds: the new sign-in must be a later one
    await signInOnPage(page, MEMBER);
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(first.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(Number(tokens.claims()?.auth_time)).to.be.greaterThan(Number(before.tokens.claims()?.auth_time));
  });

  it('prompt=login in the same second as the sign-in before it still asks for a new one (whole-second iat)', async () => {
    await signOutInBrowser(page, server);
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await page.getByLabel('Email', exact).fill(MEMBER);
    await page.getByLabel('Password', exact).fill(PASSWORD);
    const request = await authorizationRequest(first.config, callback.redirectUri, { prompt: 'login' });
    // Starts just past a second's edge, so that the sign-in and the authorization share the second.
    await page.waitForTimeout(1000 - (Date.now() % 1000) + 5);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/gatehouse/account', { timeout: 30_000 });
    await page.goto(request.url.href);
    await page.waitForURL((url) => url.pathname === '/gatehouse/sign-in' || url.origin === callback.origin, { timeout: 30_000 });
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/sign-in');
    await signInOnPage(page, MEMBER);
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('code')).to.be.a('string');
  });

  it('max_age older than the sign-in sends the person to the sign-in page again', async () => {
    await page.waitForTimeout(2100);
    const request = await authorizationRequest(first.config, callback.redirectUri, { max_age: '1' });
    await page.goto(request.url.href);
    await page.waitForURL((url) => url.pathname === '/gatehouse/sign-in', { timeout: 30_000 });
    await signInOnPage(page, MEMBER);
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(first.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state, maxAge: 1 });
    expect(tokens.claims()?.auth_time).to.be.a('number');
  });

  it('RP-initiated logout with a valid id_token_hint ends the Gatehouse session at once', async () => {
    const { tokens } = await signInAtClient(page, callback, first, MEMBER);
    expect(await signedInAtGatehouse()).to.equal(true);
    const url = oidc.buildEndSessionUrl(first.config, { id_token_hint: String(tokens.id_token), post_logout_redirect_uri: callback.postLogoutUri, state: 'bye' });
    await page.goto(url.href);
    const back = await backAtClient(page, callback);
    expect(back.origin + back.pathname).to.equal(callback.postLogoutUri);
    expect(back.searchParams.get('state')).to.equal('bye');
    expect(await signedInAtGatehouse()).to.equal(false);
  });

  it('RP-initiated logout without a hint asks first (Sign out), then ends the Gatehouse session', async () => {
    await signInAtClient(page, callback, first, MEMBER);
    const url = oidc.buildEndSessionUrl(first.config, { client_id: first.clientId, post_logout_redirect_uri: callback.postLogoutUri });
    await page.goto(url.href);
    const csp = await page.evaluate(() => document.title);
    expect(csp).to.contain('Sign out');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const back = await backAtClient(page, callback);
    expect(back.origin + back.pathname).to.equal(callback.postLogoutUri);
    expect(await signedInAtGatehouse()).to.equal(false);
  });

  it('the Sign out page passes axe, and with JavaScript off its form still ends the session', async () => {
    await signInAtClient(page, callback, first, MEMBER);
    const url = oidc.buildEndSessionUrl(first.config, { client_id: first.clientId, post_logout_redirect_uri: callback.postLogoutUri });
    await page.goto(url.href);
    await page.screenshot({ path: join(tmpdir(), 'gatehouse-oidc-logout-page.png'), fullPage: true });
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    const browser = page.context().browser();
    if (!browser) throw new Error('the stage page has no browser');
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const plain = await noScript.newPage();
      await plain.goto(url.href);
      await plain.getByRole('button', { name: 'Sign out', exact: true }).click();
      await plain.waitForURL((at) => at.origin === callback.origin, { timeout: 30_000 });
      expect(new URL(plain.url()).pathname).to.equal(new URL(callback.postLogoutUri).pathname);
      await plain.goto(`${server.origin}/gatehouse/account`);
      expect(new URL(plain.url()).pathname).to.equal('/gatehouse/sign-in');
    } finally {
      await noScript.close();
    }
  });

  it('a TOTP user signs in with the second-factor page; the ID token says amr pwd otp mfa', async () => {
    const secret = await enrolTotpFor(server, TOTP_USER);
    await signOutInBrowser(page, server);
    const request = await authorizationRequest(first.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, TOTP_USER);
    await page.getByLabel('Code', exact).fill(totpNow(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(first.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.amr).to.have.members(['pwd', 'otp', 'mfa']);
  });
});
