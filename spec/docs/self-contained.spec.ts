import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../support/cli/run-cli.js';
import { anchorsOf, documentationFiles, linksOf, readDoc } from '../support/docs/markdown.js';

const isExternal = (target: string): boolean => /^[a-z]+:/i.test(target);

describe('README.md and docs/ stand on their own', () => {
  const files = documentationFiles();

  it('finds the documentation', () => {
    expect(files).to.include.members(['README.md', 'docs/api.md', 'docs/security.md', 'docs/integration.md']);
  });

  for (const file of files) {
    it(`${file} cites no document that lives outside the repository`, () => {
      const citations = readDoc(file).split('\n').filter((line) => /CONTRACT|SPEC\b/.test(line));
      expect(citations).to.deep.equal([]);
    });

    it(`${file} links only to files of the repository, and to headings that exist`, () => {
      const broken: string[] = [];
      for (const link of linksOf(readDoc(file)).filter((target) => !isExternal(target))) {
        const [path = '', anchor] = link.split('#');
        const target = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), path);
        if (relative(ROOT, target).startsWith('..') || !existsSync(target)) broken.push(link);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(readDoc(relative(ROOT, target))).has(anchor)) broken.push(link);
      }
      expect(broken).to.deep.equal([]);
    });
  }
});
