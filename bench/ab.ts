/**
 * `tsx bench/ab.ts <before/dist/cli/main.js> [after/dist/cli/main.js]`: two builds served side by
 * side on one database, GET /users/me by cookie in alternating 4 s slices (5 rounds each, after a
 * warm-up), so that a shared machine's load falls on both alike. Prints req/s and CPU ms/request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usersMe } from './lib/loads.js';
import { cpuMsOf } from './lib/proc.js';
import type { ServerProcess } from './lib/server-process.js';
import { startGatehouse } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

const [before, after = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js')] = process.argv.slice(2);
if (!before) throw new Error('usage: tsx bench/ab.ts <before main.js> [after main.js]');
const work = mkdtempSync(join(tmpdir(), 'gatehouse-ab-'));
const start = async (main: string, name: string): Promise<ServerProcess> => {
  process.env.BENCH_GATEHOUSE_MAIN = main;
  const { startGatehouse: startBuild } = (await import(`./lib/servers.js?${name}`)) as { startGatehouse: typeof startGatehouse };
  return startBuild(seeded.url, join(work, `${name}.log`));
};

ensureWrk();
const seeded = await seed({ file: join(work, 'ab.sqlite3'), users: 10_000, sessions: 10_000, apiTokens: 0, workingSet: 1_000 });
const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
const servers = { before: await start(before, 'before'), after: await start(after, 'after') };
try {
  const totals = { before: { requests: 0, seconds: 0, cpuMs: 0 }, after: { requests: 0, seconds: 0, cpuMs: 0 } };
  for (const s of Object.values(servers)) await runWrk({ ...usersMe(s, cookies, 'cookie'), seconds: 3 });
  for (let round = 0; round < 5; round++) {
    for (const name of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const s = servers[name];
      const cpu = cpuMsOf(s.pid);
      const result = await runWrk({ ...usersMe(s, cookies, 'cookie'), seconds: 4 });
      totals[name].cpuMs += cpuMsOf(s.pid) - cpu;
      totals[name].requests += result.requests;
      totals[name].seconds += result.seconds;
    }
  }
  for (const [name, t] of Object.entries(totals)) {
    console.log(`${name.padEnd(7)} ${(t.requests / t.seconds).toFixed(0).padStart(6)} req/s  ${(t.cpuMs / t.requests).toFixed(3)} CPU ms/request`);
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}
