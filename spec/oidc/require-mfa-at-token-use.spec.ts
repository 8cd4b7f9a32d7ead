import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import {
  backAtClient,
  createMember,
  enrolTotpFor,
  exact,
  oauthErrorOf,
  registerClient,
  signInAtClient,
  signInOnPage,
  signOutInBrowser,
  startOidcStage,
  totpNow,
  userinfoStatus,
  type OidcServer,
  type OidcStage,
  type RegisteredClient,
  type RelyingPartyCallback,
} from '../support/oidc/oidc-server.js';

describe('OpenID provider: a client switched to require_mfa judges each token by the sign-in it came from (§17; openid-client, Chromium)', function () {
  this.timeout(180_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  const PAULA = 'paula@example.com';
  const MAX = 'max@example.com';

  /** A client with no policy yet, with consent skipped, so the only page on the way is the sign-in. */
  const openClient = (name: string): Promise<RegisteredClient> =>
    registerClient(server, { name, redirectUris: [callback.redirectUri], postLogoutRedirectUris: [callback.postLogoutUri], skipConsent: true });
  /** The provider's sessions still stored, on either engine. */
  const sessionsLeft = async (): Promise<number> => {
    const [row] = await server.service.db('oidc_payloads').where({ model: 'Session' }).count({ n: '*' });
    return Number((row as { n: number | string }).n);
  };
  const requireMfa = (client: RegisteredClient) => server.service.useCases.updateOidcClient('operator', client.clientId, { require_mfa: true });

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    await createMember(server, PAULA, 'Paula');
    await createMember(server, MAX, 'Max');
  });
  after(() => stage?.close());
  afterEach(() => signOutInBrowser(page, server));

  it('tokens of a password-only sign-in fail once the client requires a second factor: userinfo 401, the next refresh invalid_grant', async () => {
    const client = await openClient('Ledger');
    const { tokens } = await signInAtClient(page, callback, client, PAULA, { scope: 'openid offline_access' });
    expect(tokens.claims()?.amr).to.deep.equal(['pwd']);
    const refreshed = await oidc.refreshTokenGrant(client.config, String(tokens.refresh_token));
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(200);
    await requireMfa(client);
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(401);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, String(refreshed.refresh_token)))).to.equal('invalid_grant');
  });

  it('tokens of a sign-in that proved a second factor keep working under require_mfa after its session has ended, and introspection shows its amr', async () => {
    const secret = await enrolTotpFor(server, MAX);
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await signInOnPage(page, MAX);
    await page.getByLabel('Code', exact).fill(totpNow(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/gatehouse/account', { timeout: 30_000 });
    const client = await openClient('Vault');
    const { tokens } = await signInAtClient(page, callback, client, MAX, { scope: 'openid offline_access' });
    expect(tokens.claims()?.amr).to.include('mfa');
    await requireMfa(client);
    expect(await userinfoStatus(server, tokens.access_token)).to.equal(200);
    // Logging out at the client ends the Gatehouse and provider sessions; offline_access is for
    // when the person is away, so the proof must travel with the tokens, not with the session.
    await page.goto(oidc.buildEndSessionUrl(client.config, { id_token_hint: String(tokens.id_token), post_logout_redirect_uri: callback.postLogoutUri }).href);
    await backAtClient(page, callback);
    expect(await sessionsLeft()).to.equal(0);
    const refreshed = await oidc.refreshTokenGrant(client.config, String(tokens.refresh_token));
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(200);
    const again = await oidc.refreshTokenGrant(client.config, String(refreshed.refresh_token));
    expect(await userinfoStatus(server, again.access_token)).to.equal(200);
    // A resource server of the operator's reads the same proof by introspection.
    expect((await oidc.tokenIntrospection(client.config, again.access_token)).amr).to.include('mfa');
  });
});
