import { readdirSync } from 'node:fs';
import { expect } from 'chai';
import { readDoc } from '../support/docs/markdown.js';

const page = readDoc('docs/architecture.md');
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
});
