/**
 * `tsx bench/memory.ts ["NAME=value …"]…`: what holds the RSS. Each argument is one variant of the
 * server's environment (`""` is the bench default, i.e. the Dockerfile's settings); each variant
 * serves /users/me by cookie, then logins, then registrations, and the RSS after each load is printed
 * (2 s after it, and the moment it ended) with the load's req/s and CPU per request. Loads are 3 s warm-up + BENCH_MEASURE_S (default 10 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, usersMe, withServer } from './lib/loads.js';
import { measure, type Measured } from './lib/measure.js';
import { rssMbOf } from './lib/proc.js';
import { envFromPairs, startGatehouse } from './lib/servers.js';
import { ensureWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

const work = mkdtempSync(join(tmpdir(), 'gatehouse-memory-'));
const variants = process.argv.length > 2 ? process.argv.slice(2) : [''];
const cell = (m: Measured): string => `${m.rssMb?.toFixed(0)} MB, ${m.rssAtEndMb?.toFixed(0)} at end (${m.rps.toFixed(0)}/s, ${m.cpuMsPerRequest?.toFixed(2)} ms)`;

try {
  ensureWrk();
  const seeded = await seed({ file: join(work, 'm.sqlite3'), users: 10_000, sessions: 10_000, apiTokens: 0, workingSet: 1_000 });
  const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
  const emails = writeLines(join(work, 'emails.txt'), seeded.emails);
  console.log('| settings | idle | after /users/me | after login | after register |\n|---|---:|---:|---:|---:|');
  let runs = 0; // every registration load needs emails no earlier load used
  for (const variant of variants) {
    const row = await withServer(startGatehouse(seeded.url, join(work, 'g.log'), [], envFromPairs(variant)), async (s) => {
      const idle = rssMbOf(s.pid);
      const me = await measure(s.pid, usersMe(s, cookies, 'cookie'));
      const login = await measure(s.pid, post(s, 'login', { BENCH_EMAILS: emails }));
      const register = await measure(s.pid, post(s, 'register', { BENCH_INVITE_CODE: seeded.inviteCode }), () => ({ BENCH_RUN_ID: `m-${process.pid}-${++runs}` }));
      return `| ${variant || '(bench defaults)'} | ${idle.toFixed(0)} MB | ${cell(me)} | ${cell(login)} | ${cell(register)} |`;
    });
    console.log(row);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
