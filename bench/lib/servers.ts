import { join } from 'node:path';
import { containerDefaults } from './container-defaults.js';
import { freePort, startServer, type ServerProcess } from './server-process.js';

/** `NAME=value NAME2=value2`, where a value may itself hold `=` (GLIBC_TUNABLES does). */
export const envFromPairs = (pairs: string): Record<string, string> =>
  Object.fromEntries(pairs.split(' ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

const ROOT = join(import.meta.dirname, '..', '..');
/** The built CLI; BENCH_GATEHOUSE_MAIN points at another build (e.g. a snapshot from before a change). */
export const GATEHOUSE_MAIN = process.env.BENCH_GATEHOUSE_MAIN ?? join(ROOT, 'dist', 'cli', 'main.js');
export const COOKIE_NAME = '__Host-gh_session'; // the production cookie name

/** Gatehouse as it runs in production: the built CLI, production settings, throttling off (§9). */
export async function startGatehouse(databaseUrl: string, logFile: string, nodeArgs: string[] = [], extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SERVICE_ENVIRONMENT: 'production',
    SERVICE_SECRET_KEY: 'bench-secret-key-0123456789abcdef01234567',
    SERVICE_PUBLIC_URL: 'https://gatehouse.bench.invalid',
    SERVICE_DATABASE_URL: databaseUrl,
    SERVICE_LOGIN_FAILURES_PER_EMAIL: '0',
    SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0',
    // What a container gets by default (the Dockerfile's memory settings), unless a variant says otherwise.
    ...containerDefaults(),
    ...extraEnv,
    // Extra variables for experiments, e.g. BENCH_ENV="UV_THREADPOOL_SIZE=2 NODE_OPTIONS=--max-semi-space-size=4".
    ...envFromPairs(process.env.BENCH_ENV ?? ''),
    HOST: '127.0.0.1',
  };
  return startServer([...nodeArgs, GATEHOUSE_MAIN, 'serve', '--no-migrate'], env, await freePort(), logFile);
}

/** A reference server from bench/reference, run under tsx like the rest of the benchmark. */
export async function startReference(name: string, env: Record<string, string>, logFile: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  const script = join(ROOT, 'bench', 'reference', `${name}.ts`);
  const base = { PATH: process.env.PATH, NODE_ENV: 'production', ...env };
  return startServer([...nodeArgs, '--import', 'tsx', script], base, await freePort(), logFile);
}
