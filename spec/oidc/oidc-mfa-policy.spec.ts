import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { authorizationRequest, createMember, registerClient, signInOnPage, startOidcStage, type OidcServer, type OidcStage, type RelyingPartyCallback } from '../support/oidc/oidc-server.js';

describe('OpenID provider under SERVICE_MFA_REQUIRED=all', function () {
  this.timeout(120_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;

  before(async () => {
    stage = await startOidcStage({ env: { SERVICE_MFA_REQUIRED: 'all' } });
    ({ server, callback, page } = stage);
    await createMember(server, 'nora@example.com', 'Nora');
  });
  after(() => stage?.close());

  it('a user without a second factor is sent to enrol one, and the client gets no code', async () => {
    const client = await registerClient(server, { name: 'Strict', redirectUris: [callback.redirectUri], skipConsent: true });
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, 'nora@example.com');
    await page.waitForURL((url) => url.pathname === '/gatehouse/account/security', { timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Second factor', exact: true }).count()).to.equal(1);
    const codes = await server.service.db('oidc_payloads').where({ model: 'AuthorizationCode' }).count({ n: '*' });
    expect(Number((codes[0] as { n: number | string }).n)).to.equal(0);
  });
});
