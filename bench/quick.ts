/**
 * A one-minute check of the session hot path while tuning it: reference (b) and Gatehouse's
 * /users/me by cookie and by bearer, on a small seeded database. `npm run bench` is the real thing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, type Measured } from './lib/measure.js';
import { COOKIE_NAME, startGatehouse, startReference } from './lib/servers.js';
import type { ServerProcess } from './lib/server-process.js';
import { page } from './lib/loads.js';
import { ensureWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

const BENCH = import.meta.dirname;
const work = mkdtempSync(join(tmpdir(), 'gatehouse-quick-'));

const usersMe = (server: ServerProcess, tokens: string, mode: 'cookie' | 'bearer', path = '/api/v1/users/me') => ({
  url: `http://127.0.0.1:${server.port}${path}`,
  script: join(BENCH, 'lua', 'users-me.lua'),
  connections: 32,
  env: { BENCH_LUA_DIR: join(BENCH, 'lua'), BENCH_TOKENS: tokens, BENCH_MODE: mode, BENCH_COOKIE_NAME: COOKIE_NAME, BENCH_PATH: path },
});

const run = async (start: Promise<ServerProcess>, body: (s: ServerProcess) => Promise<Measured[]>) => {
  const server = await start;
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
};

const line = (name: string, m: Measured, base: Measured) =>
  `${name.padEnd(22)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${m.p99Ms.toFixed(1).padStart(6)} ms  ` +
  `cpu ${(m.cpuMsPerRequest ?? NaN).toFixed(3)} ms  ${((100 * m.rps) / base.rps).toFixed(0)}% of (b)`;

try {
  ensureWrk();
  const seeded = await seed({ file: join(work, 'q.sqlite3'), users: 10_000, sessions: 10_000, apiTokens: 1_000, workingSet: 1_000 });
  const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
  const bearers = writeLines(join(work, 'bearers.txt'), seeded.bearers);
  const env = { BENCH_DB: seeded.url.slice('sqlite://'.length), BENCH_COOKIE_NAME: COOKIE_NAME };
  const [b] = await run(startReference('lookup-server', env, join(work, 'b.log')), async (s) => [await measure(s.pid, usersMe(s, cookies, 'cookie'))]);
  const [cookie, bearer, verify, signInPage, accountPage] = await run(startGatehouse(seeded.url, join(work, 'g.log')), async (s) => [
    await measure(s.pid, usersMe(s, cookies, 'cookie')),
    await measure(s.pid, usersMe(s, bearers, 'bearer')),
    await measure(s.pid, usersMe(s, cookies, 'cookie', '/api/v1/auth/verify')),
    await measure(s.pid, page(s, '/gatehouse/sign-in')),
    await measure(s.pid, usersMe(s, cookies, 'cookie', '/gatehouse/account')),
  ]);
  console.log(line('(b) reference', b!, b!));
  console.log(line('/users/me by cookie', cookie!, b!));
  console.log(line('/users/me by bearer', bearer!, b!));
  console.log(line('/auth/verify by cookie', verify!, b!));
  console.log(line('/gatehouse/sign-in', signInPage!, b!));
  console.log(line('/gatehouse/account', accountPage!, b!));
} finally {
  rmSync(work, { recursive: true, force: true });
}
