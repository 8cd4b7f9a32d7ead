import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import {
  authorizationRequest,
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

/** Rows of a table, as a number, on either engine. */
const countOf = async (server: OidcServer, table: string, where: Record<string, unknown>): Promise<number> => {
  const [row] = await server.service.db(table).where(where).count({ n: '*' });
  return Number((row as { n: number | string }).n);
};

describe('OpenID provider: groups claims and the access policy of a client (§17; openid-client, Chromium)', function () {
  this.timeout(180_000);
  let stage: OidcStage;
  let server: OidcServer;
  let callback: RelyingPartyCallback;
  let page: Page;
  let opsId = '';
  const IDA = 'ida@example.com';
  const OTTO = 'otto@example.com';
  const TINA = 'tina@example.com';

  /** A client of the operator's with this policy (group ids), registered and discovered. */
  const clientWith = async (name: string, policy: { allowed_groups?: string[]; require_mfa?: boolean }, skipConsent = true): Promise<RegisteredClient> => {
    const client = await registerClient(server, { name, redirectUris: [callback.redirectUri], skipConsent });
    if (Object.keys(policy).length > 0) await server.service.useCases.updateOidcClient('operator', client.clientId, policy);
    return client;
  };

  before(async () => {
    stage = await startOidcStage();
    ({ server, callback, page } = stage);
    const { useCases } = server.service;
    for (const [email, name] of [[IDA, 'Ida'], [OTTO, 'Otto'], [TINA, 'Tina']] as const) await createMember(server, email, name);
    await useCases.updateUser('operator', { email: IDA }, { username: 'ida' });
    opsId = (await useCases.createGroup('operator', { name: 'ops' })).id;
    await useCases.createGroup('operator', { name: 'wiki-editors' });
    await useCases.addGroupMember('operator', { name: 'ops' }, { email: IDA });
    await useCases.addGroupMember('operator', { name: 'wiki-editors' }, { email: IDA });
  });
  after(() => stage?.close());
  afterEach(() => signOutInBrowser(page, server));

  it('discovery lists the groups scope and the groups and preferred_username claims', async () => {
    const meta = (await fetch(`${server.issuer}/.well-known/openid-configuration`).then((r) => r.json())) as { scopes_supported: string[]; claims_supported: string[] };
    expect(meta.scopes_supported).to.include('groups');
    expect(meta.claims_supported).to.include.members(['groups', 'preferred_username']);
  });

  it('profile adds preferred_username and groups adds the names of the groups, in the ID token and at userinfo', async () => {
    const client = await clientWith('Team Wiki', {});
    const { tokens } = await signInAtClient(page, callback, client, IDA, { scope: 'openid profile groups' });
    const claims = tokens.claims();
    expect(claims?.preferred_username).to.equal('ida');
    expect(claims?.groups).to.have.members(['ops', 'wiki-editors']);
    const info = await oidc.fetchUserInfo(client.config, tokens.access_token, String(claims?.sub));
    expect(info.preferred_username).to.equal('ida');
    expect(info.groups).to.have.members(['ops', 'wiki-editors']);
  });

  it('a user outside allowed_groups gets "No access" before any consent, and the link returns access_denied with state and iss', async () => {
    const client = await clientWith('Ops Console', { allowed_groups: [opsId] }, false);
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, OTTO);
    await page.getByRole('heading', { name: 'No access', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Your account does not have access to Ops Console').count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Allow', exact: true }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Back to Ops Console', exact: true }).click();
    const back = await backAtClient(page, callback);
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.get('state')).to.equal(request.state);
    expect(back.searchParams.get('iss')).to.equal(server.issuer);
    expect(back.searchParams.has('code')).to.equal(false);
    const otto = (await server.service.db('users').where({ email: OTTO }).first()).id as string;
    expect(await countOf(server, 'oidc_payloads', { model: 'Grant', account_id: otto })).to.equal(0);
    expect(await countOf(server, 'security_events', { type: 'access_denied', user_id: otto })).to.equal(1);
  });

  it('a member removed from the group: the next refresh is invalid_grant and userinfo 401', async () => {
    const client = await clientWith('Ops Dashboard', { allowed_groups: [opsId] });
    await server.service.useCases.addGroupMember('operator', { name: 'ops' }, { email: TINA });
    const { tokens } = await signInAtClient(page, callback, client, TINA, { scope: 'openid offline_access' });
    const refreshed = await oidc.refreshTokenGrant(client.config, String(tokens.refresh_token));
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(200);
    await server.service.useCases.removeGroupMember('operator', { name: 'ops' }, { email: TINA });
    expect(await userinfoStatus(server, refreshed.access_token)).to.equal(401);
    expect(await oauthErrorOf(oidc.refreshTokenGrant(client.config, String(refreshed.refresh_token)))).to.equal('invalid_grant');
  });

  it('require_mfa takes a TOTP user whose session proved no second factor through the confirm page, then back to the client', async () => {
    const client = await clientWith('Payroll', { require_mfa: true });
    const secret = await enrolTotpFor(server, OTTO);
    await page.goto(`${server.origin}/gatehouse/sign-in`);
    await signInOnPage(page, OTTO);
    await page.getByLabel('Code', exact).fill(totpNow(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/gatehouse/account', { timeout: 30_000 });
    // A session whose second factor was never proved on it (as one opened before the factor was recorded).
    const userId = (await server.service.db('users').where({ email: OTTO }).first()).id as string;
    await server.service.db('sessions').where({ user_id: userId }).update({ second_factor_at: null, auth_methods: 'pwd' });
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    await page.waitForURL((url) => url.pathname === '/gatehouse/confirm', { timeout: 30_000 });
    await page.getByLabel('Code', exact).fill(totpNow(secret, 30_000));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const back = await backAtClient(page, callback);
    const tokens = await oidc.authorizationCodeGrant(client.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.amr).to.include('mfa');
  });

  it('require_mfa refuses a user without a second factor with a page that links to setting one up', async () => {
    const client = await clientWith('Payroll Lite', { require_mfa: true });
    const request = await authorizationRequest(client.config, callback.redirectUri);
    await page.goto(request.url.href);
    await signInOnPage(page, TINA);
    await page.getByRole('heading', { name: 'Second factor needed', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Payroll Lite needs a second factor').count()).to.equal(1);
    expect(await page.getByRole('link', { name: 'Set up a second factor', exact: true }).getAttribute('href')).to.equal('/gatehouse/account#second-factor');
    expect(new URL(page.url()).pathname).to.match(/^\/gatehouse\/oidc\/interaction\//);
  });
});
