/**
 * `tsx bench/profile.ts [cookie|bearer|verify|login|register|b]`: the built server under the /users/me load (or
 * /auth/verify, or logins, or registrations; `b` profiles reference (b) instead) with `node --cpu-prof`, then the profile summed by part (bench/lib/profile-summary.ts);
 * for logins a second table sums the same samples by the login's own steps beside the hash
 * (throttle, event row, last_login_at, session and quota, device cookie, SQL and its COMMIT).
 * Keeps the .cpuprofile in bench/results/ (git-ignored) for Chrome DevTools or profile-table.ts.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarise, summariseLogin, toProfileTable, type CpuProfile } from './lib/profile-summary.js';
import { post, usersMe } from './lib/loads.js';
import { COOKIE_NAME, startGatehouse, startReference } from './lib/servers.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { seed, writeLines } from './seed/seed.js';

const BENCH = import.meta.dirname;
const load = process.argv[2] ?? 'cookie';
const seconds = Number(process.env.BENCH_MEASURE_S ?? 10);
const work = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'));

try {
  ensureWrk();
  const seeded = await seed({ file: join(work, 'p.sqlite3'), users: 10_000, sessions: 10_000, apiTokens: 1_000, workingSet: 1_000 });
  const tokens = writeLines(join(work, 'tokens.txt'), load === 'bearer' ? seeded.bearers : load === 'login' ? seeded.emails : seeded.cookies);
  const profiles = join(work, 'profiles');
  const profiling = ['--cpu-prof', `--cpu-prof-dir=${profiles}`];
  const server = await (load === 'b'
    ? startReference('lookup-server', { BENCH_DB: seeded.url.slice('sqlite://'.length), BENCH_COOKIE_NAME: COOKIE_NAME }, join(work, 'b.log'), profiling)
    : startGatehouse(seeded.url, join(work, 'g.log'), profiling));
  const path = load === 'verify' ? '/api/v1/auth/verify' : '/api/v1/users/me';
  // BENCH_CONNECTIONS=1 profiles logins one at a time: the main thread's work without two hashes beside it.
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
  const wrkLoad =
    load === 'login' ? { ...post(server, 'login', { BENCH_EMAILS: tokens }), connections }
    : load === 'register' ? { ...post(server, 'register', { BENCH_INVITE_CODE: seeded.inviteCode }), connections }
    : usersMe(server, tokens, load === 'bearer' ? 'bearer' : 'cookie', path);
  let requests = 0;
  try {
    for (const s of [3, seconds]) {
      // A run id per wrk run: each numbers its registrations from zero, and every email must be new.
      const result = await runWrk({ ...wrkLoad, env: { ...wrkLoad.env, BENCH_RUN_ID: `${process.pid}-${s}` }, seconds: s });
      if (result.errors > 0) throw new Error(`${result.errors} failed requests`);
      requests += result.requests;
    }
  } finally {
    await server.stop(); // the profile is written as the process exits
  }
  const [file] = readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  const kept = join(BENCH, 'results', `profile-${load}-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}Z.cpuprofile`);
  mkdirSync(join(BENCH, 'results'), { recursive: true });
  copyFileSync(join(profiles, file), kept);
  const profile = JSON.parse(readFileSync(kept, 'utf8')) as CpuProfile;
  console.log(`${load}: ${requests} requests (3 s warm-up + ${seconds} s) profiled; ${kept}\n`);
  console.log(toProfileTable(summarise(profile), requests));
  if (load === 'login' || load === 'register') {
    // The same samples by the sign-in's own steps: what it does on the main thread beside the hash.
    console.log(`\n${load}, by step (µs per request):\n`);
    console.log(toProfileTable(summariseLogin(profile), requests));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
