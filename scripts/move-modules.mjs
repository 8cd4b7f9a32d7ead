// Moves source files and rewrites every relative import that names them, so a regroup is a script run
// that can be repeated on a fresh main instead of a hand edit that has to be rebased.
//
//   node scripts/move-modules.mjs moves.json     (moves.json: { "old/path.ts": "new/path.ts", … }, files only)
//
// Specifiers are resolved against the old tree first, then written at the new place. The living docs
// (README.md, docs/*.md) get back-ticked paths rewritten; dated decision records are left as written.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const moves = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const to = (path) => moves[path] ?? path;
// The architecture spec's pattern, plus bare `import '…'`.
const SPECIFIER = /((?:import|export)\s[^'"]*?from\s*|import\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
// A `.js` specifier names a `.ts` file, or else a `.tsx` view.
const real = (abs) => {
  const ts = abs.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : abs.replace(/\.js$/, '.tsx');
};

for (const from of Object.keys(moves)) if (!existsSync(from)) throw new Error(`no such file: ${from}`);

const files = execFileSync('git', ['ls-files', 'src', 'cli', 'spec', 'bench', 'scripts', 'db', 'knexfile.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file));

const edits = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const out = text.replace(SPECIFIER, (all, head, quote, spec) => {
    if (!spec.endsWith('.js')) return all;
    const target = to(relative('.', real(resolve(dirname(file), spec))));
    let next = relative(dirname(to(file)), target).replace(/\.tsx?$/, '.js');
    if (!next.startsWith('.')) next = `./${next}`;
    return next === spec ? all : `${head}${quote}${next}${quote}`;
  });
  if (out !== text) edits.set(file, out);
}

for (const [from, dest] of Object.entries(moves)) {
  mkdirSync(dirname(dest), { recursive: true });
  execFileSync('git', ['mv', from, dest]);
}
for (const [file, text] of edits) writeFileSync(to(file), text);

const docs = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
for (const doc of docs) {
  const text = readFileSync(doc, 'utf8');
  let next = text;
  for (const [from, dest] of Object.entries(moves)) next = next.replaceAll(`\`${from}\``, `\`${dest}\``);
  if (next !== text) writeFileSync(doc, next);
}
