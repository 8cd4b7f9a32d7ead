import { expect } from 'chai';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { exchangeCode, mintCode, refresh, signIn, type CookieJar, type OidcTarget } from '../support/oidc/headless-flow.js';
import { startHeadlessStage, type HeadlessStage } from '../support/oidc/headless-stage.js';
import { ADMIN_EMAIL, type OidcServer } from '../support/oidc/oidc-server.js';

interface PublishedKey {
  kid: string;
  alg: string;
  kty: string;
  crv?: string;
  d?: string;
}

/**
 * Each client's id_token_signed_response_alg, end to end: discovery lists what a client can be given,
 * the JWKS publishes a key for each, and an ID token (code exchange and refresh) is signed with the
 * client's algorithm and a key of the JWKS, as a relying party checks it with jose.
 */
describe(`OpenID provider: each client's ID token algorithm (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let stage: HeadlessStage;
  let server: OidcServer;
  let jar: CookieJar;
  let jwks: JSONWebKeySet & { keys: PublishedKey[] };

  const clientFor = (name: string, idTokenAlg?: string): Promise<OidcTarget> => stage.client({ name, ...(idTokenAlg !== undefined && { idTokenAlg }) });

  /** The ID token checked as a relying party does: signature against the published keys, issuer, audience; its header. */
  const verified = async (idToken: string, target: OidcTarget, alg: string) => {
    const { protectedHeader, payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: server.issuer, audience: target.clientId, algorithms: [alg] });
    return { header: protectedHeader, payload, key: jwks.keys.find((key) => key.kid === protectedHeader.kid) };
  };

  before(async () => {
    stage = await startHeadlessStage('ida@example.com', 'Ida');
    ({ server, jar } = stage);
    jwks = (await (await fetch(`${server.base}/jwks`)).json()) as typeof jwks;
  });
  after(() => stage?.close());

  it('discovery lists RS256 and ES256; the JWKS has a current key of each (RSA, P-256) and no other, public parts only', async () => {
    const document = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(document.id_token_signing_alg_values_supported).to.deep.equal(['RS256', 'ES256']);
    expect(jwks.keys.map((key) => [key.alg, key.kty, key.crv ?? null])).to.have.deep.members([
      ['RS256', 'RSA', null],
      ['ES256', 'EC', 'P-256'],
    ]);
    expect(jwks.keys.filter((key) => key.d !== undefined)).to.deep.equal([]);
  });

  for (const [chosen, alg] of [[undefined, 'RS256'], ['RS256', 'RS256'], ['ES256', 'ES256']] as const) {
    it(`a client ${chosen === undefined ? 'that says nothing gets RS256' : `set to ${chosen} gets ${alg}`}: the ID tokens of the code exchange and of a refresh verify with the JWKS key of their kid`, async () => {
      const target = await clientFor(`App ${alg}`, chosen);
      const first = await exchangeCode(target, await mintCode(target, jar, { offline: true }));
      const exchanged = await verified(first.id_token, target, alg);
      expect(exchanged.header.alg).to.equal(alg);
      expect(exchanged.key?.alg, 'the kid names a published key of that algorithm').to.equal(alg);
      expect(exchanged.payload.sub).to.be.a('string');
      const refreshed = await verified((await refresh(target, first.refresh_token!)).id_token, target, alg);
      expect([refreshed.header.alg, refreshed.header.kid, refreshed.payload.sub]).to.deep.equal([alg, exchanged.header.kid, exchanged.payload.sub]);
    });
  }

  it("PATCH of the client's id_token_signed_response_alg holds from its next ID token", async () => {
    const target = await clientFor('Switching');
    const first = await exchangeCode(target, await mintCode(target, jar, { offline: true }));
    expect(decodeProtectedHeader(first.id_token).alg).to.equal('RS256');
    const admin = await signIn(target, ADMIN_EMAIL, PASSWORD);
    const patched = await fetch(`${server.origin}/api/v1/admin/oidc/clients/${target.clientId}`, {
      method: 'PATCH',
      headers: { Cookie: admin.header(), Origin: server.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id_token_signed_response_alg: 'ES256' }),
    });
    expect(patched.status).to.equal(200);
    const after = (await verified((await refresh(target, first.refresh_token!)).id_token, target, 'ES256')).header;
    expect([after.alg, jwks.keys.find((key) => key.kid === after.kid)?.crv]).to.deep.equal(['ES256', 'P-256']);
  });
});
