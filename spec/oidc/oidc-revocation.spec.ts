import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import type { Browser } from '../support/browser/chromium.js';
import { axeViolations, describeViolations } from '../support/pages/axe.js';
import {
  authorizationRequest,
  createMember,
  oauthErrorOf,
  registerClient,
  signInAtClient,
  signInOnPage,
  signOutInBrowser,
  startOidcStage,
  userinfoStatus,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

const READER = 'rita@example.com';
const LEAVER = 'leo@example.com';

describe('OpenID provider: revocation that follows the account, the consent page, events', function () {
  this.timeout(150_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let browser: Browser;
  let page: Page;
  let notes: RegisteredClient;

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, browser, page } = stage);
    await createMember(server, READER, 'Rita');
    await createMember(server, LEAVER, 'Leo');
    notes = await registerClient(server, { name: 'Notes', redirectUris: [callback.redirectUri] });
  });
  after(() => stage?.close());

  it('the consent page names the client and the scopes, adds the redirect origin to form-action, and axe finds no violation', async () => {
    const request = await authorizationRequest(notes.config, callback.redirectUri, { scope: 'openid email profile offline_access' });
    await page.goto(request.url.href);
    await signInOnPage(page, READER);
    await page.getByRole('button', { name: 'Allow', exact: true }).waitFor();
    const response = await page.reload();
    const csp = String(response?.headers()['content-security-policy']);
    expect(csp).to.contain(`form-action 'self' ${callback.origin}`);
    expect(csp).to.not.contain('unsafe-inline');
    const text = await page.locator('main').innerText();
    expect(text).to.contain('Notes');
    expect(text).to.contain('your email address');
    expect(text).to.contain('access while you are away');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });

  it('the consent page speaks German when the browser asks for it', async () => {
    const german = await browser.context.newPage();
    await german.setExtraHTTPHeaders({ 'Accept-Language': 'de' });
    const request = await authorizationRequest(notes.config, callback.redirectUri, { scope: 'openid email profile offline_access' });
    await german.goto(request.url.href);
    expect(await german.locator('html').getAttribute('lang')).to.equal('de');
    await german.close();
  });

  it('the user revokes a connected application on the account page: its tokens die and consent is asked again', async () => {
    const { tokens } = await signInAtClient(page, callback, notes, READER, { scope: 'openid offline_access' });
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    await page.goto(`${server.origin}/gatehouse/account/applications`);
    const section = page.getByRole('region', { name: 'Connected applications', exact: true });
    expect(await section.innerText()).to.contain('Notes');
    await section.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/gatehouse/account/applications', { timeout: 30_000 });
    expect(await page.getByRole('region', { name: 'Connected applications', exact: true }).innerText()).to.not.contain('Notes');
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(401);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(notes.config, String(tokens.refresh_token)))).to.equal('invalid_grant');
    const request = await authorizationRequest(notes.config, callback.redirectUri);
    await page.goto(request.url.href);
    await page.getByRole('button', { name: 'Allow', exact: true }).waitFor();
    const types = (await server.service.db('security_events').select('type')).map((row: { type: string }) => row.type);
    expect(types).to.include.members(['oidc_consent_granted', 'oidc_consent_revoked', 'oidc_signed_in']);
  });

  it('an admin disabling the user: userinfo answers 401 at the next request and the refresh token is dead', async () => {
    await signOutInBrowser(page, server);
    const { tokens } = await signInAtClient(page, callback, notes, LEAVER, { scope: 'openid offline_access' });
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    await server.service.useCases.disableUser('operator', { email: LEAVER });
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(401);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(notes.config, String(tokens.refresh_token)))).to.equal('invalid_grant');
  });

  it("a client cannot revoke another client's refresh token (RFC 7009 §2.1): refused, or ignored for a public client, and the token still works", async () => {
    const other = await registerClient(server, { name: 'Other', redirectUris: [callback.redirectUri] });
    const spa = await registerClient(server, { name: 'Other SPA', type: 'public', redirectUris: [callback.redirectUri] });
    await signOutInBrowser(page, server);
    const { tokens } = await signInAtClient(page, callback, notes, READER, { scope: 'openid offline_access' });
    const refreshToken = String(tokens.refresh_token);
    expect(await oauthErrorOf(oidc.tokenRevocation(other.config, refreshToken))).to.equal('invalid_request');
    expect(await oauthErrorOf(oidc.tokenRevocation(spa.config, refreshToken))).to.equal(null);
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    const refreshed = await oidc.refreshTokenGrant(notes.config, refreshToken);
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(200);
  });

  it('deleting the client ends its tokens and its authentication', async () => {
    const doomed = await registerClient(server, { name: 'Doomed', redirectUris: [callback.redirectUri], skipConsent: true });
    await signOutInBrowser(page, server);
    const { tokens } = await signInAtClient(page, callback, doomed, READER, { scope: 'openid offline_access' });
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    await server.service.useCases.deleteOidcClient('operator', doomed.clientId);
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(401);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(doomed.config, String(tokens.refresh_token)))).to.equal('invalid_client');
  });
});
