import { expect } from 'chai';
import { authorizeThroughProxy, PROXIED, REDIRECT_URI, registerFirstParty, send, startBehindTlsProxy, type FirstParty } from '../support/oidc/behind-tls-proxy.js';
import type { OidcServer } from '../support/oidc/oidc-server.js';

const OIDC = '/gatehouse/oidc';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('OpenID provider: client authentication refused as RFC 6749 §5.2 says, token answers never cached', function () {
  this.timeout(60_000);
  let server: OidcServer;
  let client: FirstParty;

  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    send(server, `${OIDC}${path}`, { method: 'POST', headers: { ...PROXIED, ...FORM, ...headers }, body: new URLSearchParams(body).toString() });

  before(async () => {
    server = await startBehindTlsProxy(0);
    client = await registerFirstParty(server);
  });
  after(() => server?.close());

  for (const path of ['/token', '/token/revocation']) {
    it(`${path}: no client authentication at all is 401 invalid_client, not invalid_request`, async () => {
      const answer = await post(path, { grant_type: 'authorization_code', code: 'x', token: 'x' });
      expect(answer.status).to.equal(401);
      expect(JSON.parse(answer.body)).to.include({ error: 'invalid_client' });
      expect(answer.headers['www-authenticate'], 'Basic was not tried').to.equal(undefined);
    });

    it(`${path}: a garbled or wrong Basic authentication is 401 invalid_client with a Basic challenge`, async () => {
      for (const authorization of ['Basic !!!', basic(client.clientId, 'wrong'), basic('nobody', 'wrong')]) {
        const answer = await post(path, { grant_type: 'authorization_code', code: 'x', token: 'x' }, { Authorization: authorization });
        expect(answer.status, authorization).to.equal(401);
        expect(JSON.parse(answer.body), authorization).to.include({ error: 'invalid_client' });
        expect(String(answer.headers['www-authenticate']), authorization).to.match(/^Basic realm="[^"]+", error="invalid_client"/);
      }
    });

    it(`${path}: a wrong client_secret_post is 401 invalid_client`, async () => {
      const answer = await post(path, { grant_type: 'authorization_code', code: 'x', token: 'x', client_id: client.clientId, client_secret: 'wrong' });
      expect(answer.status).to.equal(401);
      expect(JSON.parse(answer.body)).to.include({ error: 'invalid_client' });
    });
  }

  it('the token endpoint\'s answers, issued and refused, carry Cache-Control: no-store and Pragma: no-cache', async () => {
    const { back, verifier } = await authorizeThroughProxy(server, client, PROXIED);
    const code = new URL(String(back.headers.location)).searchParams.get('code') ?? '';
    const issued = await post('/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }, { Authorization: client.basic });
    const refused = await post('/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }, { Authorization: client.basic });
    expect([issued.status, refused.status]).to.deep.equal([200, 400]);
    for (const answer of [issued, refused]) {
      expect(answer.headers['cache-control']).to.equal('no-store');
      expect(answer.headers.pragma).to.equal('no-cache');
    }
  });
});
