import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { diagnosticsByLine, forbiddenLines } from '../support/types/type-fixture.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/refusal-table.ts', import.meta.url));

describe('the error table is exhaustive: a code without a status, a page answer and a form answer does not compile', function () {
  this.timeout(60_000); // a whole program's type check
  const expected = forbiddenLines(FIXTURE);
  let byLine: Map<number, { code: number; message: string }[]>;
  before(() => (byLine = diagnosticsByLine(FIXTURE)));

  it('has the snippets to check', () => expect(expected.length).to.be.at.least(6));

  it('fails nowhere but on the marked lines (the whole table and its words compile)', () => {
    const unexpected = [...byLine.keys()].filter((line) => !expected.some((e) => e.line === line));
    expect(unexpected.map((line) => `line ${line}: ${byLine.get(line)!.map((d) => d.message).join('; ')}`)).to.deep.equal([]);
  });

  for (const { line, code, text } of expected) {
    it(`line ${line}: TS${code} ${text}`, () => {
      const found = byLine.get(line) ?? [];
      expect(found, `line ${line} compiled, but must not`).not.to.deep.equal([]);
      expect(found.some((d) => d.code === code && d.message.includes(text)), JSON.stringify(found)).to.equal(true);
    });
  }
});
