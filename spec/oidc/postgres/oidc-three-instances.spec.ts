import { expect } from 'chai';
import * as oidc from 'openid-client';
import { startChromium, type Browser } from '../../support/browser/chromium.js';
import { PASSWORD } from '../../support/constants.js';
import { cookieHeader } from '../../support/http/users.js';
import { SIGN_IN } from '../../support/unit/memory-ports.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';
import {
  ADMIN_EMAIL,
  authorizationRequest,
  authorizeInBrowser,
  createMember,
  oauthErrorOf,
  registerClient,
  startCallback,
  startOidcServer,
  userinfoStatus,
  type OidcServer,
  type RelyingPartyCallback,
} from '../../support/oidc/oidc-server.js';

/** The same client, its token, userinfo and JWKS requests sent to another instance than the browser's. */
const atInstance = (config: oidc.Configuration, clientId: string, secret: string, instance: OidcServer): oidc.Configuration => {
  const { supportsPKCE: _method, ...meta } = config.serverMetadata();
  const moved = new oidc.Configuration(
    { ...meta, token_endpoint: `${instance.base}/token`, userinfo_endpoint: `${instance.base}/me`, jwks_uri: `${instance.base}/jwks` },
    clientId,
    undefined,
    oidc.ClientSecretBasic(secret),
  );
  oidc.allowInsecureRequests(moved);
  return moved;
};

/** A session token of the member's, as its browser's cookie would hold it: any instance can read it. */
const sessionOf = async (instance: OidcServer, email: string): Promise<string> => {
  const signedIn = await instance.service.useCases.login({ email, password: PASSWORD }, SIGN_IN);
  if (signedIn.kind !== 'signed_in') throw new Error('the member has a second factor');
  return signedIn.session.token;
};

/** GET /api/v1/auth/verify at one instance, as a trusted reverse proxy asks about a request it holds. */
const verifyAt = async (instance: OidcServer, token: string, host: string, uri: string): Promise<{ status: number; code: string | null }> => {
  const res = await fetch(`${instance.origin}/api/v1/auth/verify`, {
    headers: { cookie: cookieHeader(token), 'x-forwarded-host': host, 'x-forwarded-uri': uri },
  });
  const body = res.status === 204 ? null : ((await res.json()) as { code?: string });
  return { status: res.status, code: body?.code ?? null };
};

describe('OpenID provider: three instances on one PostgreSQL database share one flow', function () {
  this.timeout(150_000);
  let database: TempPostgresDatabase;
  let instances: OidcServer[] = [];
  let callback: RelyingPartyCallback;
  let browser: Browser;
  // verify believes X-Forwarded-Host and -Uri from one trusted (loopback) hop, as behind nginx.
  const TRUSTED_PROXY = { SERVICE_TRUST_PROXY: '1' };

  before(async () => {
    database = await createTempPostgresDatabase();
    const first = await startOidcServer({ database, withAdmin: false, env: TRUSTED_PROXY });
    await first.service.useCases.createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, display_name: 'Ada Admin' });
    // One public URL (the issuer) in front of them, as behind a load balancer.
    const others = await Promise.all([1, 2].map(() => startOidcServer({ database, env: { SERVICE_PUBLIC_URL: first.origin, ...TRUSTED_PROXY } })));
    instances = [first, ...others];
    callback = await startCallback();
    browser = await startChromium();
  });
  after(async () => {
    await browser?.close();
    await callback?.close();
    for (const instance of instances) await instance.close();
    await database?.cleanup();
  });

  it('a code issued by one instance is redeemed at another; userinfo and refresh at the third; every JWKS is the same', async () => {
    const [a, b, c] = instances as [OidcServer, OidcServer, OidcServer];
    const client = await registerClient(a, { name: 'Shared', redirectUris: [callback.redirectUri], skipConsent: true });
    const page = await browser.context.newPage();
    const request = await authorizationRequest(client.config, callback.redirectUri, { scope: 'openid email offline_access' });
    const back = await authorizeInBrowser(page, callback, request.url, ADMIN_EMAIL);
    const atB = atInstance(client.config, client.clientId, String(client.secret), b);
    const tokens = await oidc.authorizationCodeGrant(atB, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.email).to.equal(ADMIN_EMAIL);
    expect(await userinfoStatus(c, tokens.access_token)).to.equal(200);
    const atC = atInstance(client.config, client.clientId, String(client.secret), c);
    const refreshed = await oidc.refreshTokenGrant(atC, String(tokens.refresh_token));
    expect(refreshed.access_token).to.be.a('string');
    const jwks = await Promise.all(instances.map(async (instance) => (await fetch(`${instance.base}/jwks`)).text()));
    expect(new Set(jwks).size).to.equal(1);
    // The code was consumed at B: a replay at C is refused on every instance.
    const replay = oidc.authorizationCodeGrant(atC, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(await replay.then(() => 'accepted', () => 'refused')).to.equal('refused');
  });

  // §17: membership and policies are read at each request, never from a cache another instance cannot clear.
  describe('a change made on one instance holds on the others at the next request', () => {
    let staffId = '';
    let names = 0;
    const unique = (label: string): string => `${label}-${++names}`;

    before(async () => {
      staffId = (await instances[0]!.service.useCases.createGroup('operator', { name: 'staff' })).id;
    });
    // The browser's Gatehouse session of the case before (the admin's) must not answer for the member.
    beforeEach(() => browser.context.clearCookies());

    it('a member removed from allowed_groups on B: the refresh at C is invalid_grant and userinfo at C 401', async () => {
      const [a, b, c] = instances as [OidcServer, OidcServer, OidcServer];
      const email = `${unique('stella')}@example.com`;
      await createMember(a, email, 'Stella Staff');
      await a.service.useCases.addGroupMember('operator', { id: staffId }, { email });
      const client = await registerClient(a, { name: 'Staff Wiki', redirectUris: [callback.redirectUri], skipConsent: true });
      await a.service.useCases.updateOidcClient('operator', client.clientId, { allowed_groups: [staffId] });
      const page = await browser.context.newPage();
      const request = await authorizationRequest(client.config, callback.redirectUri, { scope: 'openid offline_access' });
      const back = await authorizeInBrowser(page, callback, request.url, email);
      await page.close();
      const tokens = await oidc.authorizationCodeGrant(client.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
      // C has judged this member already (a cache would now hold "allowed"): a refresh and userinfo pass there.
      const atC = atInstance(client.config, client.clientId, String(client.secret), c);
      const refreshed = await oidc.refreshTokenGrant(atC, String(tokens.refresh_token));
      expect(await userinfoStatus(c, refreshed.access_token)).to.equal(200);

      await b.service.useCases.removeGroupMember('operator', { id: staffId }, { email });

      const userinfo = await userinfoStatus(c, refreshed.access_token);
      const refresh = await oauthErrorOf(oidc.refreshTokenGrant(atC, String(refreshed.refresh_token)));
      expect({ userinfo, refresh }).to.deep.equal({ userinfo: 401, refresh: 'invalid_grant' });
    });

    it('a client\'s policy narrowed on B: the refresh at C of a user outside the new allowed_groups is invalid_grant and userinfo at C 401', async () => {
      const [a, b, c] = instances as [OidcServer, OidcServer, OidcServer];
      const email = `${unique('otto')}@example.com`;
      await createMember(a, email, 'Otto Outsider');
      const client = await registerClient(a, { name: 'Open Wiki', redirectUris: [callback.redirectUri], skipConsent: true });
      const page = await browser.context.newPage();
      const request = await authorizationRequest(client.config, callback.redirectUri, { scope: 'openid offline_access' });
      const back = await authorizeInBrowser(page, callback, request.url, email);
      await page.close();
      const tokens = await oidc.authorizationCodeGrant(client.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
      const atC = atInstance(client.config, client.clientId, String(client.secret), c);
      const refreshed = await oidc.refreshTokenGrant(atC, String(tokens.refresh_token));
      expect(await userinfoStatus(c, refreshed.access_token)).to.equal(200);

      await b.service.useCases.updateOidcClient('operator', client.clientId, { allowed_groups: [staffId] });

      const userinfo = await userinfoStatus(c, refreshed.access_token);
      const refresh = await oauthErrorOf(oidc.refreshTokenGrant(atC, String(refreshed.refresh_token)));
      expect({ userinfo, refresh }).to.deep.equal({ userinfo: 401, refresh: 'invalid_grant' });
    });

    it('forward auth: verify at C admits a member of the rule\'s group, refuses them (403) once removed on A, admits them again once added back', async () => {
      const [a, b, c] = instances as [OidcServer, OidcServer, OidcServer];
      const email = `${unique('sam')}@example.com`;
      await createMember(a, email, 'Sam Staff');
      await b.service.useCases.addGroupMember('operator', { id: staffId }, { email });
      const host = 'apps.example.com';
      await b.service.useCases.createForwardAuthRule('operator', { host, path_prefix: '/intranet', allowed_groups: [staffId] });
      const token = await sessionOf(c, email);

      expect(await verifyAt(c, token, host, '/intranet/handbook')).to.deep.equal({ status: 204, code: null });
      await a.service.useCases.removeGroupMember('operator', { id: staffId }, { email });
      expect(await verifyAt(c, token, host, '/intranet/handbook')).to.deep.equal({ status: 403, code: 'access_denied' });
      expect(await verifyAt(c, token, host, '/elsewhere'), 'outside the rule, any signed-in user').to.deep.equal({ status: 204, code: null });
      await a.service.useCases.addGroupMember('operator', { id: staffId }, { email });
      expect(await verifyAt(c, token, host, '/intranet/handbook')).to.deep.equal({ status: 204, code: null });
    });

    it('forward auth: a rule changed on B holds at C at the next request', async () => {
      const [, b, c] = instances as [OidcServer, OidcServer, OidcServer];
      const email = `${unique('rita')}@example.com`;
      await createMember(b, email, 'Rita Reader');
      const host = 'docs.example.com';
      const rule = await b.service.useCases.createForwardAuthRule('operator', { host, allowed_groups: [] });
      const token = await sessionOf(c, email);

      expect((await verifyAt(c, token, host, '/')).status).to.equal(204);
      await b.service.useCases.updateForwardAuthRule('operator', rule.id, { allowed_groups: [staffId] });
      expect(await verifyAt(c, token, host, '/')).to.deep.equal({ status: 403, code: 'access_denied' });
    });

    it('a user disabled on A is refused at B and C at the next request: verify, userinfo and refresh', async () => {
      const [a, b, c] = instances as [OidcServer, OidcServer, OidcServer];
      const email = `${unique('dora')}@example.com`;
      await createMember(a, email, 'Dora Disabled');
      const client = await registerClient(a, { name: 'Notes', redirectUris: [callback.redirectUri], skipConsent: true });
      const page = await browser.context.newPage();
      const request = await authorizationRequest(client.config, callback.redirectUri, { scope: 'openid offline_access' });
      const back = await authorizeInBrowser(page, callback, request.url, email);
      await page.close();
      const atB = atInstance(client.config, client.clientId, String(client.secret), b);
      const tokens = await oidc.authorizationCodeGrant(atB, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
      const token = await sessionOf(b, email);
      expect((await verifyAt(c, token, 'any.example.com', '/')).status).to.equal(204);
      expect(await userinfoStatus(c, tokens.access_token)).to.equal(200);

      await a.service.useCases.disableUser('operator', { email });

      const atC = atInstance(client.config, client.clientId, String(client.secret), c);
      const answers = {
        verifyAtB: (await verifyAt(b, token, 'any.example.com', '/')).status,
        verifyAtC: (await verifyAt(c, token, 'any.example.com', '/')).status,
        userinfoAtC: await userinfoStatus(c, tokens.access_token),
        refreshAtC: await oauthErrorOf(oidc.refreshTokenGrant(atC, String(tokens.refresh_token))),
      };
      expect(answers).to.deep.equal({ verifyAtB: 401, verifyAtC: 401, userinfoAtC: 401, refreshAtC: 'invalid_grant' });
    });
  });
});
