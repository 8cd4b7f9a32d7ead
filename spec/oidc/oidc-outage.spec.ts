import { expect } from 'chai';
import { DomainError } from '../../src/core/domain/errors.js';
import { PASSWORD } from '../support/constants.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { exchangeCode, mintCode, signIn, type OidcTarget } from '../support/oidc/headless-flow.js';
import { createMember, registerClient, startOidcServer, type OidcServer } from '../support/oidc/oidc-server.js';

describe(`the OpenID provider during a database outage (${ENGINE_LABEL})`, function () {
  this.timeout(60_000);
  let server: OidcServer;
  let target: OidcTarget;

  before(async () => {
    server = await startOidcServer();
    await createMember(server, 'olga@example.com', 'Olga');
    const redirectUri = 'http://127.0.0.1:9/callback';
    const client = await registerClient(server, { name: 'Dashboard', redirectUris: [redirectUri], skipConsent: true });
    target = { base: server.origin, publicOrigin: server.origin, clientId: client.clientId, clientSecret: client.secret!, redirectUri };
  });
  after(() => server?.close());

  it('userinfo answers 503 temporarily_unavailable with Retry-After when the account lookup finds the database away, not a 500', async () => {
    const tokens = await exchangeCode(target, await mintCode(target, await signIn(target, 'olga@example.com', PASSWORD)));
    const { useCases } = server.service;
    const [lookup, read] = [useCases.findOidcAccount, useCases.findUserinfoSources];
    // The outage guard's answer while the database is away (decision 0009), to the lean userinfo's read as well.
    useCases.findOidcAccount = () => Promise.reject(new DomainError('unavailable', { retryAfterSeconds: 4 }));
    useCases.findUserinfoSources = () => Promise.reject(new DomainError('unavailable', { retryAfterSeconds: 4 }));
    try {
      const answer = await fetch(`${server.base}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(answer.status).to.equal(503);
      expect(answer.headers.get('retry-after')).to.equal('4');
      expect(await answer.json()).to.deep.include({ error: 'temporarily_unavailable' });
    } finally {
      [useCases.findOidcAccount, useCases.findUserinfoSources] = [lookup, read];
    }
    expect((await fetch(`${server.base}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).to.equal(200);
  });
});
