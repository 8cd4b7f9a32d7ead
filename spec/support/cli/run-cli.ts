import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const CLI_PATH = join(ROOT, 'dist/cli/main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const newestSource = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);

/** `npm test` builds in pretest; a lone `mocha spec/cli` builds here when dist/ is missing or stale. */
export const ensureBuilt = (): void => {
  const builtAt = existsSync(CLI_PATH) ? statSync(CLI_PATH).mtimeMs : 0;
  const sourcesAt = Math.max(...['src', 'cli', 'db'].map((dir) => newestSource(join(ROOT, dir))));
  if (builtAt >= sourcesAt) return;
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    // tsc still emits when another part of the tree has type errors; only a missing bin is fatal.
    if (!existsSync(CLI_PATH)) throw error;
  }
};

/** Spawns the built executable, pipes `stdin` (or nothing) in, and collects everything it prints. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<CliResult> =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd: ROOT, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined); // the CLI may exit before reading stdin
    child.stdin.end(stdin);
  });
