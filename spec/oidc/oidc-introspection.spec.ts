import { expect } from 'chai';
import * as oidc from 'openid-client';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { PASSWORD } from '../support/constants.js';
import { exchangeCode, mintCode, signIn, type OidcTarget, type Tokens } from '../support/oidc/headless-flow.js';
import { createMember, registerClient, startOidcServer, type OidcServer, type RegisteredClient } from '../support/oidc/oidc-server.js';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const READER = 'rita@example.com';
const ACCESS_TOKEN_LIFETIME_MS = 10 * 60 * 1000;

interface Introspection {
  active: boolean;
  client_id?: string;
  sub?: string;
  scope?: string;
  token_type?: string;
  iss?: string;
}

/** RFC 7662 as a resource server sends it (openid-client): the JSON answer. */
const introspect = async (client: RegisteredClient, token: string): Promise<Introspection> => (await oidc.tokenIntrospection(client.config, token)) as Introspection;

describe(`OpenID provider: token introspection, for the client's own tokens or a resource server's (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let notes: RegisteredClient;
  let gateway: RegisteredClient;
  let bystander: RegisteredClient;
  let notesTarget: OidcTarget;
  let userId: string;

  /** A fresh sign-in at Notes (a first-party client: no consent), its tokens redeemed as Notes. */
  const tokensOfNotes = async (email = READER): Promise<Tokens> => {
    const jar = await signIn(notesTarget, email, PASSWORD);
    return exchangeCode(notesTarget, await mintCode(notesTarget, jar, { offline: true }));
  };

  before(async () => {
    server = await startOidcServer();
    userId = await createMember(server, READER, 'Rita');
    notes = await registerClient(server, { name: 'Notes', redirectUris: [REDIRECT_URI], skipConsent: true });
    gateway = await registerClient(server, { name: 'API gateway', redirectUris: [REDIRECT_URI], introspect: true });
    bystander = await registerClient(server, { name: 'Bystander', redirectUris: [REDIRECT_URI] });
    notesTarget = { base: server.origin, publicOrigin: server.origin, clientId: notes.clientId, clientSecret: String(notes.secret), redirectUri: REDIRECT_URI };
  });
  after(() => server?.close());

  it('discovery names the endpoint below the issuer', async () => {
    const document = (await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(document.introspection_endpoint).to.equal(`${server.issuer}/token/introspection`);
  });

  it('a client learns about its own access and refresh tokens', async () => {
    const tokens = await tokensOfNotes();
    const access = await introspect(notes, tokens.access_token);
    expect(access).to.include({ active: true, client_id: notes.clientId, sub: userId, token_type: 'Bearer', iss: server.issuer });
    expect(access.scope?.split(' ')).to.include('openid');
    expect(await introspect(notes, String(tokens.refresh_token))).to.include({ active: true, client_id: notes.clientId, sub: userId });
  });

  it('a resource server created with introspect learns about a token of another client', async () => {
    const tokens = await tokensOfNotes();
    expect(await introspect(gateway, tokens.access_token)).to.include({ active: true, client_id: notes.clientId, sub: userId });
  });

  it('a confidential client without introspect learns nothing about a token of another client', async () => {
    const tokens = await tokensOfNotes();
    expect(await introspect(bystander, tokens.access_token)).to.deep.equal({ active: false });
    expect(await introspect(bystander, String(tokens.refresh_token))).to.deep.equal({ active: false });
  });

  it('a public client learns nothing, not even about its own kind of token', async () => {
    const spa = await registerClient(server, { name: 'Board', type: 'public', redirectUris: [REDIRECT_URI] });
    const tokens = await tokensOfNotes();
    expect(await introspect(spa, tokens.access_token)).to.deep.equal({ active: false });
  });

  it('a public client cannot be created or changed into one with introspect (422)', async () => {
    const input = { name: 'Board', type: 'public', redirect_uris: [REDIRECT_URI], introspect: true };
    const refusal = await server.service.useCases.createOidcClientAsOperator(input).catch((error: unknown) => error);
    expect(refusal).to.have.property('code', 'validation_failed');
  });

  it('a revoked token is inactive, for the resource server too', async () => {
    const tokens = await tokensOfNotes();
    await oidc.tokenRevocation(notes.config, tokens.access_token);
    expect(await introspect(gateway, tokens.access_token)).to.deep.equal({ active: false });
    expect(await introspect(notes, tokens.access_token)).to.deep.equal({ active: false });
  });

  it('an expired token is inactive', async () => {
    const jar = await signIn(notesTarget, READER, PASSWORD);
    const minted = await mintCode(notesTarget, jar);
    // Redeemed as if eleven minutes ago: the stored access token has outlived its ten minutes.
    server.advance(-(ACCESS_TOKEN_LIFETIME_MS + 60_000));
    let tokens: Tokens;
    try {
      tokens = await exchangeCode(notesTarget, minted);
    } finally {
      server.advance(ACCESS_TOKEN_LIFETIME_MS + 60_000);
    }
    expect(await introspect(gateway, tokens.access_token)).to.deep.equal({ active: false });
    expect(await introspect(notes, tokens.access_token)).to.deep.equal({ active: false });
  });

  it('a token the provider never issued is inactive', async () => {
    expect(await introspect(gateway, 'x'.repeat(43))).to.deep.equal({ active: false });
  });

  it("a disabled user's tokens are inactive from the next request", async () => {
    const leaver = 'leo@example.com';
    await createMember(server, leaver, 'Leo');
    const tokens = await tokensOfNotes(leaver);
    expect(await introspect(gateway, tokens.access_token)).to.include({ active: true });
    await server.service.useCases.disableUser('operator', { email: leaver });
    expect(await introspect(gateway, tokens.access_token)).to.deep.equal({ active: false });
    expect(await introspect(notes, tokens.access_token)).to.deep.equal({ active: false });
  });

  it('without client authentication, or with a wrong secret, the answer is 401 invalid_client', async () => {
    const tokens = await tokensOfNotes();
    const anonymous = await fetch(`${server.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token }).toString(),
    });
    expect(anonymous.status).to.be.oneOf([400, 401]);
    const wrong = await fetch(`${server.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${gateway.clientId}:wrong`).toString('base64')}` },
      body: new URLSearchParams({ token: tokens.access_token }).toString(),
    });
    expect(wrong.status).to.equal(401);
    expect(((await wrong.json()) as { error: string }).error).to.equal('invalid_client');
  });
});
