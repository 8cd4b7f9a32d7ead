import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { readDoc } from '../support/docs/markdown.js';
import { APACHE_EXAMPLE, OIDC_EXAMPLES, apacheConfigTest, apacheSite } from '../support/oidc/apache-rp.js';

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
});
