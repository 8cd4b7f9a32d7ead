import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../support/cli/run-cli.js';
import { EXAMPLES } from '../support/proxy/example-config.js';

const OPERATIONS = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');

describe('docs/operations.md shows the forward-auth examples as they are run', () => {
  for (const [file, language] of [
    ['nginx.conf', 'nginx'],
    ['Caddyfile', 'caddy'],
    ['traefik.yml', 'yaml'],
    ['who-is.mjs', 'js'],
  ]) {
    it(`${file}, verbatim in a \`\`\`${language} block`, () => {
      const example = readFileSync(join(EXAMPLES, file!), 'utf8');
      expect(OPERATIONS.includes(`\`\`\`${language}\n${example}\`\`\``), `docs/operations.md no longer shows docs/examples/forward-auth/${file} as it is`).to.equal(true);
    });
  }
});
