import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { expect } from 'chai';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { authorizeThroughProxy, PROXIED, PUBLIC_ISSUER, REDIRECT_URI, registerFirstParty, send, startBehindTlsProxy, type FirstParty } from '../support/oidc/behind-tls-proxy.js';
import type { OidcServer } from '../support/oidc/oidc-server.js';

/** What discovery lists, each name for something the specs of the provider use. */
const ADVERTISED = [
  'authorization_endpoint',
  'authorization_response_iss_parameter_supported',
  'backchannel_logout_session_supported',
  'backchannel_logout_supported',
  'claim_types_supported',
  'claims_parameter_supported',
  'claims_supported',
  'code_challenge_methods_supported',
  'device_authorization_endpoint',
  'end_session_endpoint',
  'grant_types_supported',
  'id_token_signing_alg_values_supported',
  'introspection_endpoint',
  'issuer',
  'jwks_uri',
  'request_uri_parameter_supported',
  'response_modes_supported',
  'response_types_supported',
  'revocation_endpoint',
  'scopes_supported',
  'subject_types_supported',
  'token_endpoint',
  'token_endpoint_auth_methods_supported',
  'userinfo_endpoint',
];

/** A DPoP proof (RFC 9449) for a request, signed with a fresh P-256 key. */
const dpopProof = (method: string, url: string): string => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'dpop+jwt', alg: 'ES256', jwk: publicKey.export({ format: 'jwk' }) })}.${part({ jti: randomUUID(), htm: method, htu: url, iat: Math.floor(Date.now() / 1000) })}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
};

const form = (body: Record<string, string>): string => new URLSearchParams(body).toString();

describe(`OpenID provider: discovery advertises what works, and PAR and DPoP are off (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let client: FirstParty;

  before(async () => {
    server = await startBehindTlsProxy(0);
    client = await registerFirstParty(server);
  });
  after(() => server?.close());

  it('lists exactly the fields of what works: RS256 and ES256 ID tokens (a client chooses), no PAR, DPoP or request objects; back-channel logout with sid', async () => {
    const document = JSON.parse((await send(server, '/gatehouse/oidc/.well-known/openid-configuration', { headers: PROXIED })).body) as Record<string, unknown>;
    expect(Object.keys(document).sort()).to.deep.equal(ADVERTISED);
    expect(document.id_token_signing_alg_values_supported).to.deep.equal(['RS256', 'ES256']);
    expect(document.request_uri_parameter_supported).to.equal(false);
    expect(document.claims_parameter_supported).to.equal(false);
    expect(document.claims_supported).to.include('sid');
    expect(document.backchannel_logout_supported).to.equal(true);
    expect(document.backchannel_logout_session_supported).to.equal(true);
    expect(document.grant_types_supported).to.deep.equal(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);
  });

  it('a pushed authorization request (PAR) finds no endpoint', async () => {
    const body = form({ client_id: client.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const answer = await send(server, '/gatehouse/oidc/request', { method: 'POST', headers: { ...PROXIED, Authorization: client.basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    expect(answer.status).to.equal(404);
    expect(answer.body).to.not.include('request_uri');
  });

  it('a DPoP proof is ignored: the token is a Bearer token, and the DPoP scheme opens nothing', async () => {
    const { back, verifier } = await authorizeThroughProxy(server, client, PROXIED);
    const code = new URL(String(back.headers.location)).searchParams.get('code') ?? '';
    const tokenUrl = `${PUBLIC_ISSUER}/token`;
    const answer = await send(server, '/gatehouse/oidc/token', {
      method: 'POST',
      headers: { ...PROXIED, Authorization: client.basic, DPoP: dpopProof('POST', tokenUrl), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
    });
    expect(answer.status).to.equal(200);
    const tokens = JSON.parse(answer.body) as { token_type: string; access_token: string };
    expect(tokens.token_type).to.equal('Bearer');
    expect((await send(server, '/gatehouse/oidc/me', { headers: { ...PROXIED, Authorization: `Bearer ${tokens.access_token}` } })).status).to.equal(200);
    const asDpop = await send(server, '/gatehouse/oidc/me', { headers: { ...PROXIED, Authorization: `DPoP ${tokens.access_token}`, DPoP: dpopProof('GET', `${PUBLIC_ISSUER}/me`) } });
    expect(asDpop.status).to.equal(400);
  });
});
