import { expect } from 'chai';
import * as oidc from 'openid-client';
import { startChromium, type Browser } from '../../support/browser/chromium.js';
import { PASSWORD } from '../../support/constants.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';
import {
  ADMIN_EMAIL,
  authorizationRequest,
  authorizeInBrowser,
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

describe('OpenID provider: three instances on one PostgreSQL database share one flow', function () {
  this.timeout(150_000);
  let database: TempPostgresDatabase;
  let instances: OidcServer[] = [];
  let callback: RelyingPartyCallback;
  let browser: Browser;

  before(async () => {
    database = await createTempPostgresDatabase();
    const first = await startOidcServer({ database, withAdmin: false });
    await first.service.useCases.createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, display_name: 'Ada Admin' });
    // One public URL (the issuer) in front of them, as behind a load balancer.
    const others = await Promise.all([1, 2].map(() => startOidcServer({ database, env: { SERVICE_PUBLIC_URL: first.origin } })));
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
});
