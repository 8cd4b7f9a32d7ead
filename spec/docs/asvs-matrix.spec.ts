import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../support/cli/run-cli.js';
import { documentationFiles, readDoc } from '../support/docs/markdown.js';

interface MatrixRow {
  id: string;
  level: string;
  status: string;
  evidence: string[];
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
      return { id, level, status, evidence: [...evidence.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '') };
    });

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
    const absent = rows.flatMap((row) => (row.status === 'met' ? row.evidence : [])).filter((path) => !existsSync(join(ROOT, path)));
    expect({ unproved, absent }).to.deep.equal({ unproved: [], absent: [] });
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
