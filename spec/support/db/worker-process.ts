import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface WorkerProcess {
  /** Resolves when the worker has printed its first line (`ready`). */
  ready: Promise<void>;
  /** Writes one line to the worker's standard input. */
  send(line: string): void;
  /** Everything the worker printed after `ready`, once it has exited with status 0. */
  output: Promise<string>;
}

/** Runs a TypeScript file under tsx as its own OS process, with extra environment variables. */
export const startWorker = (script: string, args: string[], env: Record<string, string> = {}): WorkerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const output = new Promise<string>((resolve, reject) => {
    child.on('close', (code) => {
      markReady();
      if (code === 0) resolve(stdout.slice(stdout.indexOf('\n') + 1));
      else reject(new Error(`worker ${script} exited with ${code}: ${stderr}`));
    });
  });
  return { ready, send: (line) => child.stdin.write(`${line}\n`), output };
};
