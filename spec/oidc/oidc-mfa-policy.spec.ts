import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startChromium, type Browser } from '../support/browser/chromium.js';
import { authorizationRequest, createMember, registerClient, signInOnPage, startCallback, startOidcServer, type OidcServer, type RelyingPartyCallback } from '../support/oidc/oidc-server.js';

describe('OpenID provider under SERVICE_MFA_REQUIRED=all', function () {
  this.timeout(120_000);
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startOidcServer({ env: { SERVICE_MFA_REQUIRED: 'all' } });
    callback = await startCallback();
    await createMember(server, 'nora@example.com', 'Nora');
    browser = await startChromium();
    page = await browser.context.newPage();
  });
  after(async () => {
    await browser?.close();
    await callback?.close();
    await server?.close();
  });

  it('a user without a second factor is sent to enrol one, and the client gets no code', async () => {
    const client = await registerClient(server, { name: 'Strict', redirectUris: [callback.redirectUri], skipConsent: true });
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, 'nora@example.com');
    await page.waitForURL((url) => url.pathname === '/gatehouse/account', { timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Second factor', exact: true }).count()).to.equal(1);
    const codes = await server.service.db('oidc_payloads').where({ model: 'AuthorizationCode' }).count({ n: '*' });
    expect(Number((codes[0] as { n: number | string }).n)).to.equal(0);
  });
});
