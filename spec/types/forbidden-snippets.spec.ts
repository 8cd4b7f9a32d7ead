import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/forbidden-snippets.ts', import.meta.url));
const MARK = /\/\/ forbidden: TS(\d+) (.+)$/;

interface Expected {
  line: number;
  code: number;
  text: string;
}

/** Compiles the fixture with the project's own compiler options: loosening a type turns a snippet green and this spec red. */
const diagnosticsByLine = (): Map<number, ts.Diagnostic[]> => {
  const config = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([FIXTURE], { ...config.options, noEmit: true });
  const byLine = new Map<number, ts.Diagnostic[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file?.fileName !== FIXTURE || diagnostic.start === undefined) throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    byLine.set(line, [...(byLine.get(line) ?? []), diagnostic]);
  }
  return byLine;
};

const expected: Expected[] = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .flatMap((source, index) => {
    const mark = MARK.exec(source);
    return mark ? [{ line: index + 1, code: Number(mark[1]), text: (mark[2] as string).trim() }] : [];
  });

describe('isolation by construction: forbidden snippets do not compile', function () {
  this.timeout(60_000); // a whole program's type check
  let byLine: Map<number, ts.Diagnostic[]>;
  before(() => (byLine = diagnosticsByLine()));

  it('has the snippets to check', () => expect(expected.length).to.be.at.least(12));

  it('fails nowhere but on the marked lines (the baseline calls compile)', () => {
    const unexpected = [...byLine.keys()].filter((line) => !expected.some((e) => e.line === line));
    expect(unexpected.map((line) => `line ${line}: ${byLine.get(line)!.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; ')}`)).to.deep.equal([]);
  });

  for (const { line, code, text } of expected) {
    it(`line ${line}: TS${code} ${text}`, () => {
      const found = (byLine.get(line) ?? []).map((d) => ({ code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') }));
      expect(found, `line ${line} compiled, but must not`).not.to.deep.equal([]);
      expect(found.some((d) => d.code === code && d.message.includes(text)), JSON.stringify(found)).to.equal(true);
    });
  }
});
