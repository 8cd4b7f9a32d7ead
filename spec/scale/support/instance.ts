import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { CLI_PATH, ROOT, runCli, type CliResult } from '../../support/cli/run-cli.js';

export const PUBLIC_ORIGIN = 'http://gatehouse.test';
const START_TIMEOUT_MS = 15_000;

/** What a deployment sets for every instance; PGAPPNAME names each one's connections in pg_stat_activity. */
const instanceEnv = (databaseUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  SERVICE_ENVIRONMENT: 'test',
  SERVICE_DATABASE_URL: databaseUrl,
  SERVICE_PUBLIC_URL: PUBLIC_ORIGIN,
  SERVICE_LOG_LEVEL: 'warn',
  ...extra,
});

/** The built `gatehouse` executable, as an operator runs it once per deploy (migrate, create-admin…). */
export const gatehouse = (databaseUrl: string, args: string[], stdin?: string): Promise<CliResult> =>
  runCli(args, instanceEnv(databaseUrl, {}), stdin);

export interface Instance {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** `gatehouse serve --no-migrate` as its own OS process on a kernel-chosen port. */
export const startInstance = async (databaseUrl: string, extra: Record<string, string> = {}): Promise<Instance> => {
  const env = instanceEnv(databaseUrl, { HOST: '127.0.0.1', PORT: '0', SERVICE_LOG_LEVEL: 'info', ...extra });
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--no-migrate'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not listen in time: ${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`serve exited before listening: ${output}`)));
    void exited.finally(() => clearTimeout(timer));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop };
};
