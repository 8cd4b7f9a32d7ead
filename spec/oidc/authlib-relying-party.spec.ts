import { expect } from 'chai';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startAuthlibRelyingParty, type AuthlibAnswer, type AuthlibRelyingParty, type AuthlibSettings } from '../support/oidc/authlib-rp.js';
import { authorizeInBrowser, registerClient } from '../support/oidc/oidc-server.js';
import { useOidcStage } from '../support/oidc/use-oidc-stage.js';

const MEMBER = 'grace@example.com';

interface Claims {
  iss: string;
  aud: string | string[];
  sub: string;
  exp: number;
  nonce?: string;
  email?: string;
}

const claimsOf = (answer: AuthlibAnswer): Claims => answer.claims as Claims;

/** The ID token with its payload changed and its signature kept: what a forger without the key sends. */
const forged = (idToken: string, change: Record<string, unknown>): string => {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(String(payload), 'base64url').toString()) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url'), signature].join('.');
};

// A third independent relying party, beside openid-client and Apache's mod_auth_openidc: Python's
// Authlib (Debian's python3-authlib) in its own process, a confidential client that checks the ID
// token itself. The spec drives the browser and asserts on what the Python side reports.
describe(`Authlib (Python) signs its users in with Gatehouse and checks the ID token itself (${ENGINE_LABEL})`, function () {
  this.timeout(150_000);
  const stage = useOidcStage({ email: MEMBER, name: 'Grace Hopper' });
  let rp: AuthlibRelyingParty;
  let clientId: string;
  let signedIn: AuthlibAnswer;

  before(async () => {
    const client = await registerClient(stage.server, { name: 'Reports', redirectUris: [stage.callback.redirectUri] });
    clientId = client.clientId;
    rp = await startAuthlibRelyingParty({
      issuer: stage.server.issuer,
      clientId,
      clientSecret: String(client.secret),
      redirectUri: stage.callback.redirectUri,
      authMethod: 'client_secret_basic',
    });
  });
  after(() => rp?.stop());

  /**
   * Another client, registered as given, signs the member in through its own Authlib process:
   * discovery, the browser, the code's redemption. `check` runs on its first answer, then it stops.
   */
  const signInAnother = async (options: { name: string; authMethod: AuthlibSettings['authMethod']; idTokenAlg?: string }, check: (first: AuthlibAnswer, rp: AuthlibRelyingParty) => Promise<void>) => {
    const client = await registerClient(stage.server, { name: options.name, redirectUris: [stage.callback.redirectUri], ...(options.idTokenAlg !== undefined && { idTokenAlg: options.idTokenAlg }) });
    const other = await startAuthlibRelyingParty({ issuer: stage.server.issuer, clientId: client.clientId, clientSecret: String(client.secret), redirectUri: stage.callback.redirectUri, authMethod: options.authMethod });
    try {
      expect(await other.send('discover')).to.include({ ok: true });
      const authorization = await other.send('authorize');
      const back = await authorizeInBrowser(stage.page, stage.callback, new URL(String(authorization.url)), MEMBER);
      const first = await other.send('callback', { url: back.href });
      expect(claimsOf(first)).to.include({ aud: client.clientId, sub: claimsOf(signedIn).sub, nonce: authorization.nonce });
      await check(first, other);
    } finally {
      await other.stop();
    }
  };

  it('follows discovery, sends the person through sign-in and consent in Chromium, redeems the code with PKCE and client_secret_basic, and accepts the ID token', async () => {
    const discovered = await rp.send('discover');
    expect(discovered, String(discovered.description)).to.include({ ok: true });
    const metadata = discovered.metadata as Record<string, unknown>;
    expect(metadata.code_challenge_methods_supported).to.include('S256');

    const authorization = await rp.send('authorize');
    const url = new URL(String(authorization.url));
    expect(url.origin + url.pathname).to.equal(metadata.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).to.include({ client_id: clientId, response_type: 'code', code_challenge_method: 'S256', nonce: authorization.nonce, state: authorization.state });

    const back = await authorizeInBrowser(stage.page, stage.callback, url, MEMBER);
    signedIn = await rp.send('callback', { url: back.href });
    expect(signedIn, String(signedIn.description)).to.include({ ok: true, id_token: true, alg: 'RS256', jwks_fetched: 1, refresh_token: true });
    const claims = claimsOf(signedIn);
    expect(claims).to.include({ iss: stage.server.issuer, email: MEMBER, nonce: authorization.nonce });
    expect([claims.aud].flat()).to.deep.equal([clientId]);
    // The code went with its verifier; the secret in the Authorization header, never in the body.
    const [redeemed] = signedIn.token_endpoint_requests as { basic: boolean; fields: string[] }[];
    expect(redeemed?.basic).to.equal(true);
    expect(redeemed?.fields).to.include.members(['grant_type', 'code', 'code_verifier', 'redirect_uri']);
    expect(redeemed?.fields).not.to.include('client_secret');
  });

  it('signs in a second client that authenticates with client_secret_post, its secret in the body', async () => {
    await signInAnother({ name: 'Ledger', authMethod: 'client_secret_post' }, async (ledger) => {
      expect(ledger, String(ledger.description)).to.include({ ok: true, id_token: true });
      const [redeemed] = ledger.token_endpoint_requests as { basic: boolean; fields: string[] }[];
      expect(redeemed?.basic).to.equal(false);
      expect(redeemed?.fields).to.include.members(['client_id', 'client_secret', 'code_verifier']);
    });
  });

  it('refreshes: the new ID token passes the same checks for the same subject; userinfo answers that subject', async () => {
    const refreshed = await rp.send('refresh');
    expect(refreshed, String(refreshed.description)).to.include({ ok: true, id_token: true, same_subject: true, refresh_token: true, jwks_fetched: 0 });
    const userinfo = await rp.send('userinfo');
    expect(userinfo).to.include({ ok: true, status: 200, sub_matches: true });
    expect(userinfo.userinfo).to.include({ email: MEMBER, name: 'Grace Hopper' });
  });

  it("refuses an ID token with another nonce, audience or issuer, an expired one and a forged one: Authlib's own checks", async () => {
    const again = await rp.send('verify');
    expect(again, String(again.description)).to.include({ ok: true });
    const { exp } = claimsOf(again);
    const refusals = {
      nonce: await rp.send('verify', { nonce: 'a-nonce-this-browser-never-sent' }),
      audience: await rp.send('verify', { client_id: 'another-client' }),
      issuer: await rp.send('verify', { issuer: 'http://127.0.0.1:9/gatehouse/oidc' }),
      expired: await rp.send('verify', { now: exp + 1 }),
      forged: await rp.send('verify', { id_token: forged(String(signedIn.jwt), { email: 'mallory@example.com' }) }),
    };
    expect(refusals.nonce).to.include({ ok: false, error: 'invalid_claim', description: 'Invalid claim "nonce"' });
    expect(refusals.audience).to.include({ ok: false, error: 'invalid_claim', description: 'Invalid claim "aud"' });
    expect(refusals.issuer).to.include({ ok: false, error: 'invalid_claim', description: 'Invalid claim "iss"' });
    expect(refusals.expired).to.include({ ok: false, error: 'expired_token' });
    expect(refusals.forged).to.include({ ok: false, error: 'bad_signature' });
  });

  it('picks up a key rotation: the next ID token is signed with a new key, found in the JWKS fetched again', async () => {
    const before = await rp.send('refresh');
    const { kids } = await stage.server.service.useCases.rotateOidcSigningKeysAsOperator();
    // A running instance looks for another's rotation once a minute: move its clock past that.
    stage.server.advance(61_000);
    const after = await rp.send('refresh');
    expect(after, String(after.description)).to.include({ ok: true, id_token: true, same_subject: true, jwks_fetched: 1 });
    expect(after.kid).to.not.equal(before.kid);
    expect(after.kid).to.be.oneOf(kids);
  });

  it('revokes its refresh token (RFC 7009): the next refresh is refused and the access token no longer reaches userinfo', async () => {
    const revoked = await rp.send('revoke', { token: 'refresh_token' });
    expect(revoked).to.include({ ok: true, status: 200 });
    expect(await rp.send('refresh')).to.include({ ok: false, error: 'invalid_grant' });
    expect(await rp.send('userinfo')).to.include({ ok: true, status: 401 });
  });

  it('signs in a client set to ES256: Authlib verifies its ES256 ID tokens itself, at the code exchange and after a refresh, and refuses a forged one', async () => {
    const alg = 'ES256';
    await signInAnother({ name: 'Quick ES256', authMethod: 'client_secret_basic', idTokenAlg: alg }, async (answer, quick) => {
      expect(answer, String(answer.description)).to.include({ ok: true, id_token: true, alg, jwks_fetched: 1 });
      const refreshed = await quick.send('refresh');
      expect(refreshed, String(refreshed.description)).to.include({ ok: true, id_token: true, alg, same_subject: true, kid: answer.kid });
      const forgery = await quick.send('verify', { id_token: forged(String(refreshed.jwt), { email: 'mallory@example.com' }) });
      expect(forgery).to.include({ ok: false, error: 'bad_signature' });
    });
  });
});
