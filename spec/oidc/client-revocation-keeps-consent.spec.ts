import { expect } from 'chai';
import * as oidc from 'openid-client';
import { authorizationRequest, oauthErrorOf, registerClient, signInAtClient, userinfoStatus, type RegisteredClient } from '../support/oidc/oidc-server.js';
import { useOidcStage } from '../support/oidc/use-oidc-stage.js';

const MEMBER = 'rosa@example.com';
const SCOPE = 'openid email profile offline_access';

describe('OpenID provider: a client revoking its token (RFC 7009) keeps the remembered consent', function () {
  this.timeout(150_000);
  const stage = useOidcStage({ email: MEMBER, name: 'Rosa' });
  let notes: RegisteredClient;

  /** Where an authorization of a signed-in person goes first: back to the client, or to a Gatehouse page (consent). */
  const firstStop = async (): Promise<URL> => {
    const request = await authorizationRequest(notes.config, stage.callback.redirectUri, { scope: SCOPE });
    await stage.page.goto(request.url.href);
    await stage.page.waitForURL((at) => at.origin === stage.callback.origin || at.pathname.startsWith('/gatehouse/oidc/interaction/'), { timeout: 30_000 });
    return new URL(stage.page.url());
  };

  before(async () => {
    notes = await registerClient(stage.server, { name: 'Notes', redirectUris: [stage.callback.redirectUri] });
  });

  it('revoking the refresh token ends it and the access tokens of its grant; the next authorization asks no consent', async () => {
    const { tokens } = await signInAtClient(stage.page, stage.callback, notes, MEMBER, { scope: SCOPE });
    const refresh = String(tokens.refresh_token);
    expect(await userinfoStatus(stage.server, tokens.access_token)).to.equal(200);
    await oidc.tokenRevocation(notes.config, refresh, { token_type_hint: 'refresh_token' });
    expect(await oauthErrorOf(oidc.refreshTokenGrant(notes.config, refresh))).to.equal('invalid_grant');
    expect(await userinfoStatus(stage.server, tokens.access_token)).to.equal(401);
    const stop = await firstStop();
    expect(stop.origin).to.equal(stage.callback.origin);
    expect(stop.searchParams.get('code')).to.be.a('string');
  });

  it('revoking an access token, as mod_auth_openidc does at each logout, also leaves the consent', async () => {
    const { tokens } = await signInAtClient(stage.page, stage.callback, notes, MEMBER, { scope: SCOPE });
    await oidc.tokenRevocation(notes.config, tokens.access_token, { token_type_hint: 'access_token' });
    expect(await userinfoStatus(stage.server, tokens.access_token)).to.equal(401);
    const stop = await firstStop();
    expect(stop.origin).to.equal(stage.callback.origin);
  });
});
