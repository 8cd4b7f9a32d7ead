import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every `.ts` and `.tsx` file under `dir`: the views are `.tsx`, and a circle through one is still a circle. */
export const sourceFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFilesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/** Static imports, `export … from`, bare `import '…'` and dynamic `import('…')`; type-only imports too. */
export const specifiersOf = (source: string): string[] =>
  [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g),
  ].map((match) => (match[1] ?? match[2] ?? match[3]) as string);

/** A relative `.js` specifier names the `.ts` file beside it, or else the `.tsx` one (a view). */
const fileNamed = (from: string, spec: string): string => {
  const base = resolve(from, '..', spec.replace(/\.js$/, ''));
  return existsSync(`${base}.ts`) ? `${base}.ts` : existsSync(`${base}.tsx`) ? `${base}.tsx` : `${base}.ts`;
};

/** Relative imports of a file, resolved to the files they name. */
export const localImportsOf = (file: string): string[] =>
  specifiersOf(readFileSync(file, 'utf8'))
    .filter((spec) => spec.startsWith('.') && spec.endsWith('.js'))
    .map((spec) => fileNamed(file, spec));
