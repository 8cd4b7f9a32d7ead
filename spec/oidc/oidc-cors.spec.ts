import { expect } from 'chai';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { authorizeThroughProxy, PROXIED, REDIRECT_URI, registerFirstParty, send, startBehindTlsProxy, type Answer, type FirstParty } from '../support/oidc/behind-tls-proxy.js';
import type { OidcServer } from '../support/oidc/oidc-server.js';

const HOSTILE_ORIGIN = 'https://evil.example';
const OIDC = '/gatehouse/oidc';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const corsHeaders = (answer: Answer): Record<string, unknown> => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')));

describe(`OpenID provider: CORS, with a hostile Origin (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let client: FirstParty;
  let accessToken = '';
  const headers = { ...PROXIED, Origin: HOSTILE_ORIGIN };

  before(async () => {
    server = await startBehindTlsProxy(0);
    client = await registerFirstParty(server);
    const { back, verifier } = await authorizeThroughProxy(server, client, PROXIED);
    const code = new URL(String(back.headers.location)).searchParams.get('code') ?? '';
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString();
    const tokens = await send(server, `${OIDC}/token`, { method: 'POST', headers: { ...PROXIED, ...FORM, Authorization: client.basic }, body });
    accessToken = (JSON.parse(tokens.body) as { access_token: string }).access_token;
  });
  after(() => server?.close());

  for (const path of ['/.well-known/openid-configuration', '/jwks']) {
    it(`${path}: Access-Control-Allow-Origin *, without credentials, whatever the Origin`, async () => {
      const answer = await send(server, `${OIDC}${path}`, { headers });
      expect(answer.status).to.equal(200);
      expect(corsHeaders(answer)).to.deep.equal({ 'access-control-allow-origin': '*' });
    });
  }

  it('the token endpoint sends no CORS header, on its answers and its errors', async () => {
    const token = (body: Record<string, string>, authorization?: string) =>
      send(server, `${OIDC}/token`, { method: 'POST', headers: { ...headers, ...FORM, ...(authorization ? { Authorization: authorization } : {}) }, body: new URLSearchParams(body).toString() });
    const answers = {
      noClientAuthentication: await token({ grant_type: 'authorization_code', code: 'x' }),
      wrongSecret: await token({ grant_type: 'authorization_code', code: 'x' }, `Basic ${Buffer.from(`${client.clientId}:wrong`).toString('base64')}`),
      unknownCode: await token({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT_URI, code_verifier: 'y'.repeat(43) }, client.basic),
      unsupportedGrant: await token({ grant_type: 'password', username: 'a', password: 'b' }, client.basic),
      refreshWithoutToken: await token({ grant_type: 'refresh_token' }, client.basic),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).to.be.within(400, 401);
      expect(corsHeaders(answer), what).to.deep.equal({});
      expect(answer.body, what).to.not.include(HOSTILE_ORIGIN);
    }
  });

  it('userinfo and revocation send no CORS header, answering or refusing', async () => {
    const answers = {
      userinfo: await send(server, `${OIDC}/me`, { headers: { ...headers, Authorization: `Bearer ${accessToken}` } }),
      userinfoWithoutToken: await send(server, `${OIDC}/me`, { headers }),
      revocationWithoutClient: await send(server, `${OIDC}/token/revocation`, { method: 'POST', headers: { ...headers, ...FORM }, body: 'token=x' }),
      revocation: await send(server, `${OIDC}/token/revocation`, { method: 'POST', headers: { ...headers, ...FORM, Authorization: client.basic }, body: 'token=x' }),
    };
    expect(Object.values(answers).map((answer) => answer.status >= 400)).to.deep.equal([false, true, true, false]);
    for (const [what, answer] of Object.entries(answers)) expect(corsHeaders(answer), what).to.deep.equal({});
  });

  for (const path of ['/.well-known/openid-configuration', '/jwks', '/token', '/me', '/token/revocation', '/auth']) {
    it(`a preflight OPTIONS ${path} is answered without any Access-Control-* header`, async () => {
      const answer = await send(server, `${OIDC}${path}`, { method: 'OPTIONS', headers: { ...headers, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' } });
      expect(corsHeaders(answer)).to.deep.equal({});
    });
  }
});
