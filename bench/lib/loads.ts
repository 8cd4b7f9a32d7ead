import { join } from 'node:path';
import { COOKIE_NAME } from './servers.js';
import type { ServerProcess } from './server-process.js';
import type { WrkLoad } from './wrk.js';
import { BENCH_PASSWORD } from '../seed/seed.js';

const LUA = join(import.meta.dirname, '..', 'lua');
export const lua = (name: string): string => join(LUA, `${name}.lua`);

/** Connections of the authenticated GET loads (and what the PostgreSQL table notes next to the pool size). */
export const GET_CONNECTIONS = 32;

export const withServer = async <T>(start: Promise<ServerProcess>, body: (server: ServerProcess) => Promise<T>): Promise<T> => {
  const server = await start;
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
};

/** An authenticated GET under load: /users/me, or /auth/verify, the forward-auth check beside it. */
export const usersMe = (server: ServerProcess, tokens: string, mode: 'cookie' | 'bearer', path = '/api/v1/users/me'): Omit<WrkLoad, 'seconds'> => ({
  url: `http://127.0.0.1:${server.port}${path}`,
  script: lua('users-me'),
  connections: GET_CONNECTIONS,
  env: { BENCH_LUA_DIR: LUA, BENCH_TOKENS: tokens, BENCH_MODE: mode, BENCH_COOKIE_NAME: COOKIE_NAME, BENCH_PATH: path },
});

/** GET /auth/verify by cookie as a trusted proxy asks it about `host`: the seeded rule of BENCH_RULE_HOST admits the working set. */
export const verifyForHost = (server: ServerProcess, tokens: string, host: string): Omit<WrkLoad, 'seconds'> => {
  const load = usersMe(server, tokens, 'cookie', '/api/v1/auth/verify');
  return { ...load, env: { ...load.env, BENCH_FORWARDED_HOST: host } };
};

/** A page with no credential under the authenticated loads' connections (the sign-in page). */
export const page = (server: ServerProcess, path: string): Omit<WrkLoad, 'seconds'> => ({
  url: `http://127.0.0.1:${server.port}${path}`,
  script: lua('get'),
  connections: GET_CONNECTIONS,
  env: { BENCH_LUA_DIR: LUA },
});

export const post = (server: ServerProcess, name: string, env: Record<string, string>): Omit<WrkLoad, 'seconds'> => ({
  url: `http://127.0.0.1:${server.port}`,
  script: lua(name),
  connections: 8,
  env: { BENCH_LUA_DIR: LUA, BENCH_PASSWORD, ...env },
});

export const log = (message: string): void => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
