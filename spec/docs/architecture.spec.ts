import { existsSync, readdirSync } from 'node:fs';
import { expect } from 'chai';
import { readDoc } from '../support/docs/markdown.js';

const page = readDoc('docs/architecture.md');
/** The text of one `## heading` section of the page, up to the next one. */
const section = (heading: string): string => {
  const start = page.indexOf(`## ${heading}\n`);
  expect(start, heading).to.be.greaterThan(-1);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
};

/** Back-ticked paths under a top-level folder of the repository; placeholders (`<area>`, `NNNN`, `…`, `*`) are not paths. */
const TOP = /^(src|spec|cli|db|docs|bench|scripts)\//;
const repositoryPathsOf = (markdown: string): string[] =>
  [...new Set([...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!))].filter(
    (path) => TOP.test(path) && !/[<>*…]|NNNN/.test(path),
  );

const pascal = (file: string) => file.replace(/\.ts$/, '').replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** docs/architecture.md's map of the house must not fall behind the house. */
describe('docs/architecture.md names every port and every spec folder', () => {
  it('names every port of src/core/ports', () => {
    const ports = readdirSync('src/core/ports').filter((file) => file !== 'ports.ts').map(pascal);
    expect(ports.length).to.be.greaterThan(10);
    expect(ports.filter((port) => !page.toLowerCase().includes(port.toLowerCase()))).to.deep.equal([]);
  });

  it('names every top-level spec folder in "Where things go"', () => {
    const where = page.slice(page.indexOf('## Where things go'));
    const folders = readdirSync('spec', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `spec/${entry.name}/`);
    expect(folders.filter((folder) => !where.includes(`\`${folder}\``))).to.deep.equal([]);
  });

  it('reads file names as the ports are named', () => {
    expect(['auth-lookups.ts', 'webauthn.ts', 'id-generator.ts'].map(pascal)).to.deep.equal(['AuthLookups', 'Webauthn', 'IdGenerator']);
  });

  it('names every folder of src/ in "Where things go" and in the Folders table, and no folder that is gone', () => {
    const folders = readdirSync('src', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `src/${entry.name}/`);
    expect(folders.length).to.be.greaterThan(8);
    for (const heading of ['Where things go', 'Folders']) {
      expect(folders.filter((folder) => !section(heading).includes(`\`${folder}\``)), heading).to.deep.equal([]);
    }
    const named = [...section('Folders').matchAll(/^\| `(src\/[^/`]+\/)`/gm)].map((match) => match[1]!);
    expect(named.filter((folder) => !folders.includes(folder)), 'Folders rows without a folder').to.deep.equal([]);
  });

  it('names only paths that exist', () => {
    const paths = repositoryPathsOf(page);
    expect(paths.length).to.be.greaterThan(40);
    expect(paths.filter((path) => !existsSync(path))).to.deep.equal([]);
  });

  it('reads back-ticked paths as paths and skips placeholders', () => {
    expect(repositoryPathsOf('`src/web/` `src/core/use-cases/<area>/<name>.ts` `db/migrations/NNNN_name.ts` `spec/pages/*` `gone.ts` `src/x.ts`')).to.deep.equal([
      'src/web/',
      'src/x.ts',
    ]);
  });
});

