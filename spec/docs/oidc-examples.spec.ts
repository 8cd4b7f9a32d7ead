import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { readDoc } from '../support/docs/markdown.js';
import { APACHE_EXAMPLE, OIDC_EXAMPLES, apacheConfigTest, apacheSite } from '../support/oidc/apache-rp.js';
import { startGatehouseForRelyingParties } from '../support/oidc/gatehouse-for-relying-parties.js';

const INTEGRATION = readDoc('docs/integration.md');
const example = (file: string) => readFileSync(join(OIDC_EXAMPLES, file), 'utf8');

/** The mod_auth_openidc directives of a site, in order: what decides how it signs users in. */
const oidcDirectives = (site: string): string[] =>
  site
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(OIDC\w+|AuthType|Require)\s/.test(line))
    .map((line) => line.replace(/https?:\/\/[^/\s]+/g, '<origin>'));

describe('docs/integration.md shows the OpenID Connect examples as the specs run them', () => {
  for (const [file, language] of [
    [APACHE_EXAMPLE, 'apache'],
    ['private-index.shtml', 'html'],
    ['sign-in-with-gatehouse.mjs', 'js'],
  ] as const) {
    it(`${file}, verbatim in a \`\`\`${language} block`, () => {
      expect(INTEGRATION.includes(`\`\`\`${language}\n${example(file)}\`\`\``), `docs/integration.md no longer shows docs/examples/oidc/${file} as it is`).to.equal(true);
    });
  }

  it('the Apache spec runs the documented site with only its addresses and TLS lines swapped', () => {
    const site = apacheSite({ port: 8443, issuerOrigin: 'http://127.0.0.1:3000', dir: '/tmp/x' });
    expect(oidcDirectives(site)).to.deep.equal(oidcDirectives(example(APACHE_EXAMPLE)));
    expect(site).to.not.match(/example\.com|SSL\w+\s/);
    expect(oidcDirectives(site)).to.include.members(['OIDCPKCEMethod S256', 'OIDCClientSecret ${GATEHOUSE_CLIENT_SECRET}', 'AuthType openid-connect']);
  });

  it('apache2 -t accepts the documented site with mod_auth_openidc loaded', async function () {
    this.timeout(30_000);
    const result = await apacheConfigTest({ issuerOrigin: 'http://127.0.0.1:3000' });
    expect(result.ok, result.output).to.equal(true);
  });

  it('the issuer table and the Grafana settings name the endpoints a running server publishes in its discovery document', async function () {
    this.timeout(60_000);
    const gatehouse = await startGatehouseForRelyingParties();
    try {
      const discovery = (await (await fetch(`${gatehouse.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      const documented = (url: string) => url.replace('https://id.example.com', gatehouse.origin);
      const row = (what: string) => new RegExp(`^\\| ${what} \\| \`([^\`]+)\` \\|$`, 'm').exec(INTEGRATION)?.[1] ?? '(no row)';
      expect({
        issuer: documented(row('issuer')),
        authorization_endpoint: documented(row('authorization')),
        token_endpoint: documented(row('token')),
        userinfo_endpoint: documented(row('userinfo')),
        jwks_uri: documented(row('JWKS')),
        end_session_endpoint: documented(row('end session \\(RP-initiated logout\\)')),
      }).to.deep.equal({
        issuer: discovery.issuer,
        authorization_endpoint: discovery.authorization_endpoint,
        token_endpoint: discovery.token_endpoint,
        userinfo_endpoint: discovery.userinfo_endpoint,
        jwks_uri: discovery.jwks_uri,
        end_session_endpoint: discovery.end_session_endpoint,
      });
      const grafana = (key: string) => documented(new RegExp(`^${key} = (\\S+)$`, 'm').exec(INTEGRATION)?.[1] ?? '(no setting)');
      expect([grafana('auth_url'), grafana('token_url'), grafana('api_url')]).to.deep.equal([discovery.authorization_endpoint, discovery.token_endpoint, discovery.userinfo_endpoint]);
    } finally {
      await gatehouse.stop();
    }
  });
});
