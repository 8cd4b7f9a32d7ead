/**
 * `tsx bench/lean-lane.ts label=<dist/cli/main.js> label=<…> [rounds]`: builds served side by side on
 * one seeded database (10 000 users and sessions, 1 000 tokens), each of the hot reads — /users/me
 * by cookie and by bearer, /auth/verify by cookie — in alternating 4 s slices whose order rotates
 * every round, so that a shared machine's load falls on every build alike (bench/ab.ts, for more
 * than two builds and three loads). Prints req/s, the median slice's p99 and CPU µs a request (the
 * main thread's share beside it). `BENCH_LOADS=login` serves logins (8 connections) instead, and
 * `register` registrations; any part of a load's name picks it (comma-separated): the main
 * thread's µs a sign-in beside the hash.
 *
 * The builds of docs/performance.md (round 3, item 5): "lane" is `npm run build`; "chain" the same
 * sources with createApp's `leanLane` default turned to false; "front" the same with
 * bench/lean-lane-front.patch applied (the lane in front of Express's router). Each is a copy of
 * src, cli, db and the tsconfig files built with `tsc -p tsconfig.build.json`.
 *
 * A build given as `(b)` (say `ref=(b)`) is reference (b) itself, served in the same slices: it
 * answers only /users/me by cookie, so it takes part in that load alone, and that load's CPU
 * against it is the ratio measured without the drift between a bench's loads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, usersMe, verifyForHost } from './lib/loads.js';
import { alternate, SLICE_S, summarize } from './lib/alternating-slices.js';
import type { ServerProcess } from './lib/server-process.js';
import { COOKIE_NAME, startReference, type startGatehouse } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { BENCH_RULE_HOST, seed, writeLines } from './seed/seed.js';

const args = process.argv.slice(2);
const builds = args.filter((arg) => arg.includes('=')).map((arg) => arg.split('=') as [string, string]);
const rounds = Number(args.find((arg) => !arg.includes('=')) ?? 4);
if (builds.length < 2) throw new Error('usage: tsx bench/lean-lane.ts before=<main.js> after=<main.js> [rounds]');

const work = mkdtempSync(join(tmpdir(), 'gatehouse-lean-lane-'));
const REFERENCE = '(b)';
const start = async (main: string, name: string): Promise<ServerProcess> => {
  if (main === REFERENCE) return startReference('lookup-server', { BENCH_DB: seeded.url.slice('sqlite://'.length), BENCH_COOKIE_NAME: COOKIE_NAME }, join(work, `${name}.log`));
  process.env.BENCH_GATEHOUSE_MAIN = main;
  const { startGatehouse: startBuild } = (await import(`./lib/servers.js?${name}`)) as { startGatehouse: typeof startGatehouse };
  return startBuild(seeded.url, join(work, `${name}.log`));
};
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

ensureWrk();
// BENCH_ROWS=100000 seeds as many users and sessions as npm run bench does (10 000 by default).
const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const seeded = await seed({ file: join(work, 'lane.sqlite3'), users: rows, sessions: rows, apiTokens: 1_000, workingSet: 1_000 });
const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
const bearers = writeLines(join(work, 'bearers.txt'), seeded.bearers);
const emails = writeLines(join(work, 'emails.txt'), seeded.emails);
// BENCH_LOADS=login (any part of a load's name, comma-separated) picks loads; logins and registrations are opt-in.
let slices = 0;
const picked = (process.env.BENCH_LOADS ?? 'GET').split(',');
// The one load reference (b) answers, and so the only one it takes part in.
const COOKIE_READ = 'GET /users/me, cookie';
const chosen = Object.entries({
  [COOKIE_READ]: (s: ServerProcess) => usersMe(s, cookies, 'cookie'),
  'GET /users/me, bearer': (s: ServerProcess) => usersMe(s, bearers, 'bearer'),
  'GET /auth/verify, cookie': (s: ServerProcess) => usersMe(s, cookies, 'cookie', '/api/v1/auth/verify'),
  // Needs BENCH_ENV=SERVICE_TRUST_PROXY=1, or the forwarded host that picks the rule is ignored (then it is the load above).
  'GET /auth/verify, cookie, group rule': (s: ServerProcess) => verifyForHost(s, cookies, BENCH_RULE_HOST),
  'POST /auth/login (8 conn)': (s: ServerProcess) => post(s, 'login', { BENCH_EMAILS: emails }),
  // Every slice numbers its emails from zero: a run id per slice keeps them new (the builds share the database).
  'POST /auth/register (8 conn)': (s: ServerProcess) => post(s, 'register', { BENCH_INVITE_CODE: seeded.inviteCode, BENCH_RUN_ID: `${process.pid}-${++slices}` }),
}).filter(([name]) => picked.some((part) => name.includes(part)));
// BENCH_ORDER=reverse serves the loads last to first: the first load meets servers fresh from start-up.
const loads = Object.fromEntries(process.env.BENCH_ORDER === 'reverse' ? chosen.reverse() : chosen);
const all: [string, ServerProcess][] = [];
for (const [name, main] of builds) all.push([name, await start(main, name)]);
const references = new Set(builds.filter(([, main]) => main === REFERENCE).map(([name]) => name));
console.log(`load average at start: ${load()}; ${rounds} rounds of ${SLICE_S} s slices per build and load`);
try {
  for (const [what, loadOf] of Object.entries(loads)) {
    const servers = all.filter(([name]) => what === COOKIE_READ || !references.has(name));
    for (const [, s] of servers) await runWrk({ ...loadOf(s), seconds: 3 }); // warm-up
    const totals = await alternate(servers, rounds, (_, s) => runWrk({ ...loadOf(s), seconds: SLICE_S }));
    console.log(`\n${what} (load average now ${load()})`);
    for (const [name, t] of totals) {
      const { rps, p99Ms, cpuMsPerRequest, mainThreadCpuMsPerRequest } = summarize(t);
      const line = `${name.padEnd(8)} ${rps.toFixed(0).padStart(6)} req/s  p99 ${p99Ms.toFixed(2).padStart(7)} ms  ${(1000 * cpuMsPerRequest).toFixed(1)} CPU µs/request (main thread ${(1000 * mainThreadCpuMsPerRequest).toFixed(1)})`;
      console.log(t.errors > 0 ? `${line}  (${t.errors} errors)` : line);
    }
  }
} finally {
  await Promise.all(all.map(([, s]) => s.stop()));
  rmSync(work, { recursive: true, force: true });
}
