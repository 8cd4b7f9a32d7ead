import { expect } from 'chai';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { authorizeThroughProxy, type FirstParty, HOSTILE, PUBLIC_ISSUER, PUBLIC_ORIGIN, REDIRECT_URI, registerFirstParty, send, startBehindTlsProxy } from '../support/oidc/behind-tls-proxy.js';
import type { OidcServer } from '../support/oidc/oidc-server.js';

/** Every string in a JSON value that looks like a URL. */
const urlsIn = (value: unknown): string[] =>
  typeof value === 'string' ? (/^[a-z]+:\/\//i.test(value) ? [value] : []) : Array.isArray(value) ? value.flatMap(urlsIn) : typeof value === 'object' && value !== null ? Object.values(value).flatMap(urlsIn) : [];

// Production behind a TLS proxy that passes on whatever Host and X-Forwarded-* the client wrote.
for (const trustProxy of [0, 1]) {
  describe(`OpenID provider: one origin for every URL, SERVICE_TRUST_PROXY=${trustProxy} in production (${ENGINE_LABEL})`, function () {
    this.timeout(60_000);
    let server: OidcServer;
    let client: FirstParty;

    before(async () => {
      server = await startBehindTlsProxy(trustProxy);
      client = await registerFirstParty(server);
    });
    after(() => server?.close());

    it('discovery: the issuer and every endpoint are https on SERVICE_PUBLIC_URL, whatever Host, X-Forwarded-Host and X-Forwarded-Proto say', async () => {
      const answer = await send(server, '/gatehouse/oidc/.well-known/openid-configuration', { headers: HOSTILE });
      expect(answer.status).to.equal(200);
      const document = JSON.parse(answer.body) as Record<string, unknown>;
      expect(document.issuer).to.equal(PUBLIC_ISSUER);
      const urls = urlsIn(document);
      expect(urls.length).to.be.greaterThan(5);
      for (const url of urls) expect(url === PUBLIC_ISSUER || url.startsWith(`${PUBLIC_ISSUER}/`), url).to.equal(true);
    });

    it('an authorization: the way to the interaction and back, and the client redirect, stay on the public https origin', async () => {
      const { login, started, finished, back } = await authorizeThroughProxy(server, client, HOSTILE);
      expect([login.status, started.status, finished.status, back.status]).to.deep.equal([200, 303, 303, 303]);
      expect(String(started.headers.location), 'a path: the origin the browser used').to.match(/^\/gatehouse\/oidc\/interaction\/[\w-]+$/);
      const resume = new URL(String(finished.headers.location));
      expect(resume.origin, 'an absolute URL: the resume address oidc-provider stored').to.equal(PUBLIC_ORIGIN);
      const atClient = new URL(String(back.headers.location));
      expect(`${atClient.origin}${atClient.pathname}`).to.equal(REDIRECT_URI);
      expect(atClient.searchParams.get('iss')).to.equal(PUBLIC_ISSUER);
      expect(atClient.searchParams.get('code')).to.be.a('string');
    });
  });
}
