import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../support/cli/run-cli.js';
import { documentationFiles, readDoc } from '../support/docs/markdown.js';

/** A file that proves a row, and for a spec the exact title of the `it` that does. */
interface Proof {
  path: string;
  title: string | null;
}

interface MatrixRow {
  id: string;
  level: string;
  status: string;
  evidence: Proof[];
}

const STATUSES = new Set(['met', 'not met', 'n/a']);

/** The published ids and levels (see the fixture's header for where they come from). */
const published = new Map(
  readFileSync(join(import.meta.dirname, 'fixtures', 'asvs-5.0.0-ids.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#') && line !== 'id\tlevel')
    .map((line) => line.split('\t') as [string, string]),
);

/** `| id | level | requirement | status | evidence | notes |` rows; a `\|` inside a cell is text. */
const matrixRows = (markdown: string): MatrixRow[] =>
  markdown
    .split('\n')
    .filter((line) => /^\| \d+\.\d+\.\d+ \|/.test(line))
    .map((line) => {
      const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim());
      const [id = '', level = '', , status = '', evidence = ''] = cells;
      const proofs = [...evidence.matchAll(/`([^`]+)`(?:\s*›\s*`([^`]+)`)?/g)].map((match) => ({ path: match[1] ?? '', title: match[2] ?? null }));
      return { id, level, status, evidence: proofs };
    });

/** The titles of a spec file's `it(...)` calls, as patterns: a template literal's `${…}` matches anything. */
const testTitles = (source: string): RegExp[] =>
  [...source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map(([, quote, raw = '']) => {
    const text = raw.replace(/\\(['"`\\])/g, '$1');
    const parts = quote === '`' ? text.split(/\$\{[^}]*\}/) : [text];
    return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
  });

/** A proof that names a test title the file does not have (renamed or deleted tests cannot prove anything). */
const titleMissing = ({ path, title }: Proof): boolean =>
  title !== null && (!existsSync(join(ROOT, path)) || !testTitles(readFileSync(join(ROOT, path), 'utf8')).some((pattern) => pattern.test(title)));

/**
 * What counts as an ASVS id in prose: three dot-separated numbers (or a wildcard last part, which is
 * never a valid citation), except the standard's own version after "ASVS" and version ranges.
 */
const citedIds = (markdown: string): string[] =>
  [...markdown.matchAll(/(?<![\w.@/=<>~^-])(\d{1,2}\.\d{1,2}\.(?:\d{1,3}|x))(?![\w.])/g)]
    .filter((match) => !(match[1] === '5.0.0' && /ASVS\s*$/.test(markdown.slice(Math.max(0, (match.index ?? 0) - 6), match.index))))
    .map((match) => match[1] ?? '');

describe('docs/asvs.md: the ASVS 5.0.0 matrix', () => {
  const rows = matrixRows(readDoc('docs/asvs.md'));
  const inMatrix = new Set(rows.map((row) => row.id));

  it('has one row per id, each with a published id and its published level, and a known status', () => {
    const wrong = rows.filter((row) => published.get(row.id) !== row.level || !STATUSES.has(row.status));
    expect(wrong.map((row) => `${row.id} L${row.level} ${row.status}`)).to.deep.equal([]);
    expect(inMatrix.size).to.equal(rows.length);
  });

  it('lists every level 1 and level 2 requirement', () => {
    const missing = [...published].filter(([id, level]) => level !== '3' && !inMatrix.has(id)).map(([id]) => id);
    expect(missing).to.deep.equal([]);
    expect(published.size, 'the fixture holds the whole published list').to.equal(345);
  });

  it('names, for every "met" row, files of the repository that exist', () => {
    const unproved = rows.filter((row) => row.status === 'met' && row.evidence.length === 0).map((row) => row.id);
    const absent = rows.flatMap((row) => (row.status === 'met' ? row.evidence : [])).filter(({ path }) => !existsSync(join(ROOT, path)));
    expect({ unproved, absent }).to.deep.equal({ unproved: [], absent: [] });
  });

  it('names, for every spec a "met" row cites, the test that proves it by its title', () => {
    const untitled = rows.flatMap((row) =>
      row.status === 'met' ? row.evidence.filter(({ path, title }) => path.startsWith('spec/') && title === null).map(({ path }) => `${row.id}: ${path}`) : [],
    );
    expect(untitled).to.deep.equal([]);
  });

  it('names, where a row cites a test by its title, a test that exists in that file', () => {
    const missing = rows.flatMap((row) => row.evidence.filter(titleMissing).map(({ path, title }) => `${row.id}: ${path} › ${title}`));
    expect(missing).to.deep.equal([]);
  });

  it('reads test titles the way mocha declares them: quoted, escaped, or templated', () => {
    const source = "it('an admin\\'s code', …); it(\"plain\", …); it(`${method} /x: refused`, …)";
    const titles = testTitles(source);
    expect(["an admin's code", 'plain', 'POST /x: refused'].map((title) => titles.some((pattern) => pattern.test(title)))).to.deep.equal([true, true, true]);
    expect(titleMissing({ path: 'spec/docs/asvs-matrix.spec.ts', title: 'a test that does not exist' })).to.equal(true);
  });

  it('states in its summary the counts its level 1 and 2 rows add up to', () => {
    const count = (status: string) => rows.filter((row) => row.level !== '3' && row.status === status).length;
    const [met, notMet, na] = [count('met'), count('not met'), count('n/a')];
    expect(readDoc('docs/asvs.md')).to.include(`${met + notMet} apply to Gatehouse: **${met} met**, ${notMet} not met, ${na} not applicable.`);
  });

  it('has a row for every ASVS id cited anywhere in docs/', () => {
    const strays = documentationFiles()
      .filter((file) => file !== 'docs/asvs.md')
      .flatMap((file) => citedIds(readDoc(file)).filter((id) => !inMatrix.has(id)).map((id) => `${file}: ${id}`));
    expect(strays).to.deep.equal([]);
  });

  it('recognises citations the way a reader would', () => {
    expect(citedIds('ASVS 5.0.0 level 2: 6.1.1, 1.2.x and (16.3.2); TypeScript >=4.8.4 <6.1.0; v1.2.3')).to.deep.equal([
      '6.1.1',
      '1.2.x',
      '16.3.2',
    ]);
  });
});
