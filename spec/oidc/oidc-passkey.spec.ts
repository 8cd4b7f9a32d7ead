import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { addVirtualAuthenticator, type Browser } from '../support/browser/chromium.js';
import { PASSWORD } from '../support/constants.js';
import {
  authorizationRequest,
  backAtClient,
  createMember,
  exact,
  registerClient,
  signInOnPage,
  signOutInBrowser,
  startOidcStage,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const MEMBER = 'paula@example.com';

describe('OpenID provider: a passkey at the sign-in of an authorization (Chromium, DevTools virtual authenticator)', function () {
  this.timeout(120_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let browser: Browser;
  let page: Page;
  let client: RegisteredClient;

  /** The authorization through the sign-in page, up to the ID token's claims. */
  const authorize = async (signIn: () => Promise<void>): Promise<Record<string, unknown>> => {
    await signOutInBrowser(page, server);
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    expect(new URL(page.url()).pathname).to.equal('/gatehouse/sign-in');
    await signIn();
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(client.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    return tokens.claims() ?? {};
  };

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, browser, page } = stage);
    await createMember(server, MEMBER, 'Paula');
    client = await registerClient(server, { name: 'Wiki', redirectUris: [callback.redirectUri], skipConsent: true });
    await addVirtualAuthenticator(browser, page);
    // The member adds a passkey on the account page, as a person would.
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await signInOnPage(page, MEMBER);
    await page.waitForURL(`${server.origin}/gatehouse/account`);
    await page.goto(`${server.origin}/gatehouse/account/security`);
    const factor = page.getByRole('region', { name: 'Passkeys', exact: true });
    await factor.getByLabel('Passkey name', exact).fill('Laptop');
    await factor.getByLabel('Password', exact).fill(PASSWORD);
    await factor.getByRole('button', { name: 'Add a passkey', exact: true }).click();
    await page.getByRole('group', { name: 'Recovery codes' }).waitFor();
  });
  after(() => stage?.close());

  it('signs in with the passkey alone ("Sign in with a passkey"); the ID token says amr hwk mfa', async () => {
    const claims = await authorize(() => page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click());
    expect(claims.amr).to.have.members(['hwk', 'mfa']);
    expect(claims.auth_time).to.be.a('number');
  });

  it('signs in with the password and the passkey as second factor ("Use a passkey"); the ID token says amr pwd hwk mfa', async () => {
    const claims = await authorize(async () => {
      await signInOnPage(page, MEMBER);
      await page.waitForURL(/\/gatehouse\/sign-in\/second-factor/);
      await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    });
    expect(claims.amr).to.have.members(['pwd', 'hwk', 'mfa']);
  });
});
