import { expect } from 'chai';
import * as oidc from 'openid-client';
import { authorizationRequest, backAtClient, registerClient, signInAtClient, signInOnPage, type RegisteredClient } from '../support/oidc/oidc-server.js';
import { useOidcStage } from '../support/oidc/use-oidc-stage.js';

const MEMBER = 'paula@example.com';

describe('OpenID provider: POST at the authorization and end-session endpoints, with the rules of GET', function () {
  this.timeout(150_000);
  const stage = useOidcStage({ email: MEMBER, name: 'Paula' });
  let notes: RegisteredClient;

  /** The relying party's page posts a form to Gatehouse, as a form_post-style client does: a cross-site POST navigation. */
  const postFromClient = async (action: URL | string, params: Record<string, string>): Promise<void> => {
    await stage.page.goto(`${stage.callback.origin}/start`);
    await stage.page.evaluate(
      ({ target, fields }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = target;
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { target: String(action), fields: params },
    );
    await stage.page.waitForURL((at) => at.origin !== stage.callback.origin || at.pathname !== '/start', { timeout: 30_000 });
  };

  const authorizationParams = (request: Awaited<ReturnType<typeof authorizationRequest>>): Record<string, string> => Object.fromEntries(request.url.searchParams);

  before(async () => {
    notes = await registerClient(stage.server, { name: 'Notes', redirectUris: [stage.callback.redirectUri], postLogoutRedirectUris: [stage.callback.postLogoutUri] });
  });

  it('a POSTed authorization signs the person in, asks consent, and its code is redeemed', async () => {
    const request = await authorizationRequest(notes.config, stage.callback.redirectUri);
    await postFromClient(`${stage.server.issuer}/auth`, authorizationParams(request));
    await stage.page.waitForURL((at) => at.pathname === '/gatehouse/sign-in', { timeout: 30_000 });
    await signInOnPage(stage.page, MEMBER);
    await stage.page.getByRole('button', { name: 'Allow', exact: true }).click();
    const back = await backAtClient(stage.page, stage.callback);
    const tokens = await oidc.authorizationCodeGrant(notes.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
    expect(tokens.claims()?.email).to.equal(MEMBER);
  });

  it('a POSTed prompt=consent with a mark of implied consent the client wrote still gets the consent page', async () => {
    await signInAtClient(stage.page, stage.callback, notes, MEMBER, { scope: 'openid email profile offline_access' });
    const request = await authorizationRequest(notes.config, stage.callback.redirectUri, { scope: 'openid email profile offline_access', prompt: 'consent', gatehouse_implied_consent: '1' });
    await postFromClient(`${stage.server.issuer}/auth`, authorizationParams(request));
    await stage.page.waitForURL((at) => at.origin === stage.callback.origin || at.pathname.startsWith('/gatehouse/oidc/interaction/'), { timeout: 30_000 });
    expect(new URL(stage.page.url()).pathname).to.match(/^\/gatehouse\/oidc\/interaction\//);
    await stage.page.getByRole('button', { name: 'Allow', exact: true }).waitFor();
  });

  it('a POSTed end-session request with the signed-in user\'s hint ends the session and comes back', async () => {
    const { tokens } = await signInAtClient(stage.page, stage.callback, notes, MEMBER);
    const url = oidc.buildEndSessionUrl(notes.config, { id_token_hint: String(tokens.id_token), post_logout_redirect_uri: stage.callback.postLogoutUri, state: 'posted' });
    await postFromClient(`${stage.server.issuer}/session/end`, Object.fromEntries(url.searchParams));
    const back = await backAtClient(stage.page, stage.callback);
    expect(back.origin + back.pathname).to.equal(stage.callback.postLogoutUri);
    expect(back.searchParams.get('state')).to.equal('posted');
    await stage.page.goto(`${stage.server.origin}/gatehouse/account`);
    expect(new URL(stage.page.url()).pathname).to.equal('/gatehouse/sign-in');
  });
});
