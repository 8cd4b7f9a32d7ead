import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MARK = /\/\/ forbidden: TS(\d+) (.+)$/;

export interface Forbidden {
  line: number;
  code: number;
  text: string;
}

/** The lines of a fixture marked `// forbidden: TSnnnn words`: each must fail with that code and words. */
export const forbiddenLines = (fixture: string): Forbidden[] =>
  readFileSync(fixture, 'utf8')
    .split('\n')
    .flatMap((source, index) => {
      const mark = MARK.exec(source);
      return mark ? [{ line: index + 1, code: Number(mark[1]), text: (mark[2] as string).trim() }] : [];
    });

/** Compiles the fixture with the project's own compiler options; a diagnostic outside the fixture is a broken fixture. */
export const diagnosticsByLine = (fixture: string): Map<number, { code: number; message: string }[]> => {
  const config = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([fixture], { ...config.options, noEmit: true });
  const byLine = new Map<number, { code: number; message: string }[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName !== fixture || diagnostic.start === undefined) throw new Error(message);
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    byLine.set(line, [...(byLine.get(line) ?? []), { code: diagnostic.code, message }]);
  }
  return byLine;
};
