import { expect } from 'chai';
import * as oidc from 'openid-client';
import { backAtClient, registerClient, signInAtClient, startCallback, type RegisteredClient, type RelyingPartyCallback } from '../support/oidc/oidc-server.js';
import { useOidcStage } from '../support/oidc/use-oidc-stage.js';

const MEMBER = 'luis@example.com';

describe('OpenID provider: RP-initiated logout always comes back to the client', function () {
  this.timeout(150_000);
  const stage = useOidcStage({ email: MEMBER, name: 'Luis' });
  let first: RelyingPartyCallback;
  let second: RelyingPartyCallback;
  let wiki: RegisteredClient;
  let photos: RegisteredClient;

  const signIn = (client: RegisteredClient, at: RelyingPartyCallback) => signInAtClient(stage.page, at, client, MEMBER);

  before(async () => {
    first = stage.callback;
    second = await startCallback();
    wiki = await registerClient(stage.server, { name: 'Wiki', redirectUris: [first.redirectUri], postLogoutRedirectUris: [first.postLogoutUri], skipConsent: true });
    photos = await registerClient(stage.server, { name: 'Photos', redirectUris: [second.redirectUri], postLogoutRedirectUris: [second.postLogoutUri], skipConsent: true });
  });
  after(() => second?.close());

  it('signed in to two clients, the person logs out of both and lands on each client\'s post-logout URI', async () => {
    const atWiki = await signIn(wiki, first);
    const atPhotos = await signIn(photos, second);
    await stage.page.goto(oidc.buildEndSessionUrl(wiki.config, { id_token_hint: String(atWiki.tokens.id_token), post_logout_redirect_uri: first.postLogoutUri, state: 'one' }).href);
    const backAtWiki = await backAtClient(stage.page, first);
    expect(backAtWiki.origin + backAtWiki.pathname).to.equal(first.postLogoutUri);
    expect(backAtWiki.searchParams.get('state')).to.equal('one');
    // The Gatehouse session is gone now: the second logout finds none and must still come back.
    await stage.page.goto(oidc.buildEndSessionUrl(photos.config, { id_token_hint: String(atPhotos.tokens.id_token), post_logout_redirect_uri: second.postLogoutUri, state: 'two' }).href);
    const backAtPhotos = await backAtClient(stage.page, second);
    expect(backAtPhotos.origin + backAtPhotos.pathname).to.equal(second.postLogoutUri);
    expect(backAtPhotos.searchParams.get('state')).to.equal('two');
  });

  it('a browser without any cookie of Gatehouse opening the end-session URL lands on the post-logout URI', async () => {
    await stage.page.context().clearCookies();
    await stage.page.goto(oidc.buildEndSessionUrl(photos.config, { client_id: photos.clientId, post_logout_redirect_uri: second.postLogoutUri }).href);
    const back = await backAtClient(stage.page, second);
    expect(back.origin + back.pathname).to.equal(second.postLogoutUri);
  });
});
