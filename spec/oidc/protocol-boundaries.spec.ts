import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startGatehouseForRelyingParties, type GatehouseForRelyingParties } from '../support/oidc/gatehouse-for-relying-parties.js';
import { authorize, basic, exchangeCode, mintCode, postToken, refresh, signIn, type CookieJar, type OidcTarget } from '../support/oidc/headless-flow.js';

const EMAIL = 'edsger@example.com';
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

// What a relying party may and may not do at the edges of the protocol, driven without a browser by
// a signed-in client of a first-party application (skip consent) following the redirects.
describe(`the OpenID provider's boundaries, as a relying party meets them (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let gatehouse: GatehouseForRelyingParties;
  let target: OidcTarget;
  let jar: CookieJar;

  before(async () => {
    gatehouse = await startGatehouseForRelyingParties();
    await gatehouse.createUser(EMAIL, 'Edsger');
    const redirectUri = 'http://127.0.0.1:9/callback';
    const client = await gatehouse.registerClient('Boundaries', redirectUri, '--skip-consent');
    target = { base: gatehouse.origin, publicOrigin: gatehouse.origin, clientId: client.client_id, clientSecret: client.client_secret, redirectUri };
    jar = await signIn(target, EMAIL, PASSWORD);
  });
  after(() => gatehouse?.stop());

  it('an access token opens userinfo and nothing of the API: /api/v1/users/me answers 401 to it', async () => {
    const tokens = await exchangeCode(target, await mintCode(target, jar));
    const bearer = { Authorization: `Bearer ${tokens.access_token}` };
    const userinfo = await fetch(`${gatehouse.issuer}/me`, { headers: bearer });
    expect(userinfo.status).to.equal(200);
    expect(((await userinfo.json()) as { email: string }).email).to.equal(EMAIL);
    for (const path of ['/api/v1/users/me', '/api/v1/sessions', '/api/v1/auth/verify']) {
      expect((await fetch(`${gatehouse.origin}${path}`, { headers: bearer })).status, path).to.equal(401);
    }
  });

  it('lifetimes as stored: a code expires 60 s after it is issued, an access token and the ID token 10 minutes, a refresh token 14 days', async () => {
    const tokens = await exchangeCode(target, await mintCode(target, jar, { offline: true }));
    expect(tokens.refresh_token, 'offline_access with prompt=consent gives a refresh token').to.be.a('string');
    const lifetime = async (model: string): Promise<number> => {
      const row = (await gatehouse.database.db('oidc_payloads').where({ model }).orderBy('created_at', 'desc').first()) as { created_at: string | Date; expires_at: string | Date };
      return Math.round((new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 1000);
    };
    expect(await lifetime('AuthorizationCode')).to.be.closeTo(60, 2);
    expect(await lifetime('AccessToken')).to.be.closeTo(600, 2);
    expect(await lifetime('RefreshToken')).to.be.closeTo(14 * 24 * 3600, 2);
    const idToken = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(idToken.exp - idToken.iat).to.equal(600);
  });

  it('a refresh token never outlives 30 days from the sign-in: a grant refreshed 29 days and 23 hours in gets an hour, not 14 days', async () => {
    const tokens = await exchangeCode(target, await mintCode(target, jar, { offline: true }));
    const rows = () => gatehouse.database.db('oidc_payloads').where({ model: 'RefreshToken' }).orderBy('created_at', 'desc');
    const [row] = (await rows()) as { id: string; payload: string }[];
    const payload = JSON.parse(row!.payload) as Record<string, unknown>;
    // As if the sign-in that started this grant had been 29 days and 23 hours ago.
    const started = Math.floor(Date.now() / 1000) - 30 * 24 * 3600 + 3600;
    await gatehouse.database.db('oidc_payloads').where({ model: 'RefreshToken', id: row!.id }).update({ payload: JSON.stringify({ ...payload, iat: started, ...('iiat' in payload ? { iiat: started } : {}) }) });
    const next = await refresh(target, tokens.refresh_token!);
    expect(next.refresh_token).to.be.a('string').and.not.equal(tokens.refresh_token);
    const [newest] = (await rows()) as { expires_at: string | Date }[];
    const left = (new Date(newest!.expires_at).getTime() - Date.now()) / 1000;
    expect(left).to.be.closeTo(3600, 120);
  });

  it('a code works once: its second redemption is invalid_grant and ends the access token the first one got', async () => {
    const minted = await mintCode(target, jar);
    const first = await exchangeCode(target, minted);
    const bearer = { Authorization: `Bearer ${first.access_token}` };
    expect((await fetch(`${gatehouse.issuer}/me`, { headers: bearer })).status).to.equal(200);
    const again = await postToken(target, { grant_type: 'authorization_code', code: minted.code, redirect_uri: target.redirectUri, code_verifier: minted.verifier });
    expect([again.status, ((await again.json()) as { error: string }).error]).to.deep.equal([400, 'invalid_grant']);
    expect((await fetch(`${gatehouse.issuer}/me`, { headers: bearer })).status).to.equal(401);
  });

  it('redirect URIs match exactly: a trailing slash, another case, a query or another port gets an error page, never a redirect', async () => {
    for (const variant of ['http://127.0.0.1:9/callback/', 'http://127.0.0.1:9/Callback', 'http://127.0.0.1:9/callback?x=1', 'http://127.0.0.1:10/callback', 'http://localhost:9/callback']) {
      const url = new URL(`${gatehouse.issuer}/auth`);
      url.search = new URLSearchParams({ client_id: target.clientId, redirect_uri: variant, response_type: 'code', scope: 'openid', code_challenge: challengeOf('y'.repeat(43)), code_challenge_method: 'S256' }).toString();
      const response = await fetch(url, { redirect: 'manual', headers: { Cookie: jar.header() } });
      expect([response.status, response.headers.get('location')], variant).to.deep.equal([400, null]);
    }
  });

  it('userinfo and the ID token carry only the claims of the granted scopes: openid alone gives sub', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const landed = await authorize(target, jar, { scope: 'openid', code_challenge: challengeOf(verifier), code_challenge_method: 'S256' });
    const tokens = await exchangeCode(target, { code: landed.searchParams.get('code')!, verifier });
    const userinfo = (await (await fetch(`${gatehouse.issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).json()) as Record<string, unknown>;
    expect(Object.keys(userinfo)).to.deep.equal(['sub']);
    const idToken = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(idToken).to.not.have.any.keys('email', 'email_verified', 'name');
  });

  it('serves only the code flow: implicit and hybrid response types are refused and no token reaches the browser', async () => {
    for (const responseType of ['token', 'id_token', 'id_token token', 'code id_token', 'code token']) {
      const landed = await authorize(target, jar, { response_type: responseType, scope: 'openid', code_challenge: challengeOf('x'.repeat(43)), code_challenge_method: 'S256' });
      const answer = new URLSearchParams(`${landed.search.slice(1)}&${landed.hash.slice(1)}`);
      expect(answer.get('error'), responseType).to.equal('unsupported_response_type');
      expect([answer.has('code'), answer.has('access_token'), answer.has('id_token')], responseType).to.deep.equal([false, false, false]);
    }
  });

  it('refuses the password and client_credentials grants with unsupported_grant_type', async () => {
    const bodies: Record<string, string>[] = [
      { grant_type: 'password', username: EMAIL, password: PASSWORD, scope: 'openid' },
      { grant_type: 'client_credentials', scope: 'openid' },
    ];
    for (const body of bodies) {
      const response = await postToken(target, body);
      expect([response.status, ((await response.json()) as { error: string }).error], body.grant_type).to.deep.equal([400, 'unsupported_grant_type']);
    }
  });

  it('PKCE: no code_challenge, or the plain method, is refused at the authorization endpoint; a wrong code_verifier at the token endpoint', async () => {
    const none = await authorize(target, jar, { scope: 'openid' });
    expect([none.searchParams.get('error'), none.searchParams.has('code')]).to.deep.equal(['invalid_request', false]);
    const plain = await authorize(target, jar, { scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' });
    expect([plain.searchParams.get('error'), plain.searchParams.has('code')]).to.deep.equal(['invalid_request', false]);
    const minted = await mintCode(target, jar);
    const wrong = await postToken(target, { grant_type: 'authorization_code', code: minted.code, redirect_uri: target.redirectUri, code_verifier: randomBytes(32).toString('base64url') });
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).to.deep.equal([400, 'invalid_grant']);
  });

  it('a confidential client that sends a wrong secret, or none, gets no token (invalid_client; an empty one is a malformed request)', async () => {
    const cases: [string, string | null, [number, string]][] = [
      ['wrong secret', basic(target, `${target.clientSecret}x`), [401, 'invalid_client']],
      ['client_id alone', null, [401, 'invalid_client']],
      ['empty secret', basic(target, ''), [400, 'invalid_request']],
    ];
    for (const [what, authorization, expected] of cases) {
      const minted = await mintCode(target, jar);
      const response = await postToken(
        target,
        { grant_type: 'authorization_code', code: minted.code, redirect_uri: target.redirectUri, code_verifier: minted.verifier, ...(authorization === null ? { client_id: target.clientId } : {}) },
        authorization,
      );
      const body = (await response.json()) as { error: string; access_token?: string };
      expect([response.status, body.error, body.access_token], what).to.deep.equal([...expected, undefined]);
    }
  });
});
