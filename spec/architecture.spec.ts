import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { folderRules, mayImport, ruleOf, srcFolderOf } from './support/architecture/folder-rules.js';
import { localImportsOf as graphImportsOf, sourceFilesUnder } from './support/architecture/import-graph.js';

const CORE = resolve('src/core');
// The hexagon may use pure libraries (validation); never a framework, driver, adapter or file system.
const ALLOWED_PACKAGES = new Set(['joi']);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

const importsOf = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => (match[1] ?? match[2]) as string,
  );

describe('architecture: src/core is a pure hexagon', () => {
  const files = filesUnder(CORE);

  it('has files to check', () => expect(files.length).to.be.greaterThan(20));

  it('imports only core files and allowed pure packages', () => {
    const offending = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) =>
          spec.startsWith('.') ? relative(CORE, resolve(file, '..', spec)).startsWith('..') : !ALLOWED_PACKAGES.has(spec),
        )
        .map((spec) => `${relative(CORE, file)} imports ${spec}`),
    );
    expect(offending).to.deep.equal([]);
  });

  it('never touches process, timers or globals of the runtime', () => {
    const offending = files.filter((file) => /\bprocess\.|\brequire\(|\bDate\.now\(|new Date\(\)/.test(readFileSync(file, 'utf8')));
    expect(offending.map((file) => relative(CORE, file))).to.deep.equal([]);
  });

  it('the checker itself catches a forbidden import', () => {
    expect(importsOf("import express from 'express';\nimport { x } from '../../adapters/knex/a.js';")).to.deep.equal([
      'express',
      '../../adapters/knex/a.js',
    ]);
  });
});

/**
 * SPEC §5: the authentication session is for lookups before identity is known. Only these use cases
 * may receive it; a new one must be added here on purpose, in review.
 */
const MAY_REACH_AUTH_LOOKUPS = new Set([
  'sign-in/authenticate-api-token.ts',
  'sign-in/authenticate-session.ts',
  'admin/check-new-admin.ts', // create-admin's email lookup, before the password is asked for
  // The second login step and passwordless login: a pending login by its cookie's hash, a passkey
  // by its credential id, a passwordless challenge by its cookie's hash, before identity is known.
  'sign-in/complete-login-with-code.ts',
  'sign-in/complete-login-with-passkey.ts',
  'admin/create-admin.ts',
  'sign-in/end-presented-session.ts',
  'sign-in/login-with-passkey.ts',
  'sign-in/login.ts',
  'sign-in/logout.ts',
  'sign-in/passkey-login-options.ts',
  'sign-in/pending-login.ts',
  'sign-in/recover-account.ts', // the account-recovery code by its hash, before identity is known
  'sign-in/register-with-invite.ts',
  'sign-in/describe-invite.ts', // an opened invite link's state by its code's hash, before anyone registers
  'sign-in/second-step-passkey-options.ts',
  'sign-in/second-step.ts',
]);

describe('architecture: who may reach what', () => {
  const useCases = filesUnder(join(CORE, 'use-cases'));

  it('only authentication use cases receive the authentication lookups', () => {
    const reaching = useCases.filter((file) => /Pick<\s*Ports,[^>]*'auth'/.test(readFileSync(file, 'utf8')));
    const offending = reaching.map((file) => relative(join(CORE, 'use-cases'), file)).filter((name) => !MAY_REACH_AUTH_LOOKUPS.has(name));
    expect(offending).to.deep.equal([]);
    expect(reaching.length, 'the checker finds the ones that do').to.be.at.least(5);
  });

  it('mints an AdminPrincipal only in the admin-authentication step, which reads the role from the store', () => {
    const minting = [...filesUnder(resolve('src')), ...filesUnder(resolve('cli'))].filter((file) =>
      /as (unknown as )?AdminPrincipal\b/.test(readFileSync(file, 'utf8')),
    );
    expect(minting.map((file) => relative(resolve('.'), file))).to.deep.equal(['src/core/use-cases/admin/admin-authentication.ts']);
  });

  it('mints a UserId only in adapters, which read it from the store', () => {
    const minting = [...filesUnder(resolve('src')), ...filesUnder(resolve('cli'))]
      .filter((file) => !file.startsWith(resolve('src/adapters')))
      .filter((file) => /as (unknown as )?UserId\b/.test(readFileSync(file, 'utf8')));
    expect(minting.map((file) => relative(resolve('.'), file))).to.deep.equal([]);
  });
});

/** Relative imports of a file, resolved to the files they name (type-only imports included). */
const localImportsOf = (file: string): string[] =>
  importsOf(readFileSync(file, 'utf8'))
    .filter((spec) => spec.startsWith('.') && spec.endsWith('.js'))
    .map((spec) => resolve(file, '..', spec.replace(/\.js$/, '.ts')));

/** Every import circle among `files`, each as the chain of files that closes it. */
export const importCircles = (files: string[], importsOf: (file: string) => string[]): string[][] => {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[][] = [];
  const visit = (file: string, path: string[]): void => {
    state.set(file, 'open');
    for (const next of importsOf(file)) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), file, next]);
      else if (!state.has(next) && files.includes(next)) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, [file].slice(1));
  return circles;
};

describe('architecture: no import circles in src/ and cli/', () => {
  it('finds none', () => {
    const files = [...filesUnder(resolve('src')), ...filesUnder(resolve('cli'))];
    const circles = importCircles(files, localImportsOf).map((circle) => circle.map((file) => relative(resolve('.'), file)).join(' → '));
    expect(circles).to.deep.equal([]);
  });

  it('the checker itself finds a circle', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(importCircles(Object.keys(graph), (file) => graph[file] ?? [])).to.deep.equal([['a', 'b', 'c', 'a']]);
  });
});

describe('architecture: no import circle among src/ and cli/ files, views included', () => {
  const files = [...sourceFilesUnder(resolve('src')), ...sourceFilesUnder(resolve('cli'))];

  it('visits the views', () => {
    expect(files.filter((file) => file.endsWith('.tsx')).length).to.be.greaterThan(10);
    const router = resolve('src/pages/routes/account/account-renderers.ts');
    expect(graphImportsOf(router).some((file) => file.endsWith('.tsx')), 'an import of a view resolves to its .tsx').to.equal(true);
  });

  it('finds none', () => {
    const circles = importCircles(files, graphImportsOf).map((circle) => circle.map((file) => relative(resolve('.'), file)).join(' → '));
    expect(circles).to.deep.equal([]);
  });
});

const FACES = new Set(['src/api', 'src/pages', 'src/oidc']);

describe("architecture: folders import only what docs/architecture.md's Folders table allows", () => {
  const rules = folderRules(readFileSync('docs/architecture.md', 'utf8'));
  const here = (file: string) => relative(resolve('.'), file);
  const files = [...sourceFilesUnder(resolve('src')), ...sourceFilesUnder(resolve('cli'))];
  const edges = files.flatMap((file) => graphImportsOf(file).map((target) => ({ from: here(file), to: here(target) })));
  const name = ({ from, to }: { from: string; to: string }) => `${from} → ${to}`;
  const betweenFaces = ({ from, to }: { from: string; to: string }) => {
    const [a, b] = [srcFolderOf(from), srcFolderOf(to)];
    return a !== b && a !== null && b !== null && FACES.has(a) && FACES.has(b);
  };

  it('reads a row for every folder and loose file of src/', () => {
    expect(rules.length).to.be.greaterThan(8);
    expect(files.map(here).filter((file) => !ruleOf(rules, file))).to.deep.equal([]);
  });

  it('finds no crossing', () => {
    const crossing = edges.filter((edge) => !mayImport(rules, edge.from, edge.to) || betweenFaces(edge)).map(name);
    expect(crossing).to.deep.equal([]);
  });

  it('has no circle among the folders of src/', () => {
    const folders = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [srcFolderOf(from), srcFolderOf(to)];
      if (a && b && a !== b) folders.set(a, (folders.get(a) ?? new Set()).add(b));
    }
    expect(importCircles([...folders.keys()], (folder) => [...(folders.get(folder) ?? [])])).to.deep.equal([]);
  });

  it('the checker itself refuses an import between faces and one the table does not allow', () => {
    expect(mayImport(rules, 'src/pages/a.ts', 'src/web/b.ts')).to.equal(true);
    expect(mayImport(rules, 'src/web/a.ts', 'src/pages/b.ts')).to.equal(false);
    expect(mayImport(rules, 'src/oidc/a.ts', 'src/adapters/aes-gcm-secret-box.ts')).to.equal(true);
    expect(mayImport(rules, 'src/oidc/a.ts', 'src/adapters/system-clock.ts')).to.equal(false);
    expect(betweenFaces({ from: 'src/pages/a.ts', to: 'src/api/b.ts' })).to.equal(true);
    expect(betweenFaces({ from: 'src/create-app.ts', to: 'src/api/b.ts' })).to.equal(false);
  });
});
