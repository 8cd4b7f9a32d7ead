import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { CLI_PATH, ROOT, ensureBuilt } from '../cli/run-cli.js';
import { ORIGIN } from './harness.js';

export interface ServerProcess {
  url: string;
  /** The metrics listener's base URL, when SERVICE_METRICS_ADDRESS started one. */
  metricsUrl: string | null;
  pid: number;
  /** Everything the process has written to stdout so far. */
  stdout(): string;
  /**
   * SIGTERM by pid, then SIGKILL if it has not exited within 5 s (the contract's shutdown budget).
   * Resolves with the exit code: 0 for a graceful stop, null when it had to be killed.
   */
  stop(): Promise<number | null>;
}

const START_TIMEOUT_MS = 15_000;

export interface ServerProcessOptions {
  /** Plain `serve`, which migrates to latest before listening; `serve --no-migrate` otherwise. */
  migrate?: boolean;
  /** Several processes starting at once on two cores need longer than one. */
  startTimeoutMs?: number;
}

/**
 * `gatehouse serve --no-migrate` as its own process on the given database, on a kernel-chosen
 * port; `extra` adds or overrides environment variables (a pool size, PGAPPNAME…).
 */
export const startServerProcess = async (
  databaseUrl: string,
  extra: Record<string, string> = {},
  { migrate = false, startTimeoutMs = START_TIMEOUT_MS }: ServerProcessOptions = {},
): Promise<ServerProcess> => {
  ensureBuilt();
  const env = {
    PATH: process.env.PATH,
    SERVICE_ENVIRONMENT: 'test',
    SERVICE_DATABASE_URL: databaseUrl,
    SERVICE_PUBLIC_URL: ORIGIN,
    HOST: '127.0.0.1',
    PORT: '0',
    SERVICE_LOG_LEVEL: 'info',
    ...extra,
  };
  const args = migrate ? ['serve'] : ['serve', '--no-migrate'];
  const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const pid = child.pid!;
  const exited = once(child, 'close'); // after exit, once stdout has been read to its end
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    process.kill(pid, 'SIGTERM');
    const force = setTimeout(() => process.kill(pid, 'SIGKILL'), 5_000);
    const [code] = (await exited) as [number | null];
    clearTimeout(force);
    return code;
  };
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not listen within ${startTimeoutMs} ms: ${output}`)), startTimeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`serve exited before listening: ${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // The metrics listener starts first, so its line is already in `output` once the port is.
  const metricsPort = /"metrics_port":(\d+)/.exec(output)?.[1];
  const metricsUrl = metricsPort ? `http://127.0.0.1:${metricsPort}` : null;
  return { url: `http://127.0.0.1:${port}`, metricsUrl, pid, stdout: () => stdout, stop };
};
