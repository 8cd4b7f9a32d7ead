/**
 * `tsx bench/oidc/profile.ts exchange|refresh|userinfo|compare` (after `npm run build`): the OpenID
 * provider's token endpoint (a code exchange or a refresh) or userinfo, profiled part by part
 * (profile-parts.ts) on the production build, SQLite (BENCH_ENGINE=postgres: a fresh PostgreSQL
 * database, seeded as `npm run bench:pg` seeds), 10 000 users.
 *
 * Two servers share one database: one mints the codes and tokens (the browser's part of the flow,
 * not measured), the other — started with `node --cpu-prof` — serves only the load, so its CPU (from
 * /proc) and its profile are the load's alone. `BENCH_PROFILE=0` leaves the profiler out (the plain
 * CPU a request). `compare` profiles nothing: userinfo and `GET /users/me` by bearer in alternating
 * 4 s wrk slices on the one server (BENCH_OIDC_ROUNDS rounds), their CPU µs a request and p99 side by side.
 * BENCH_GATEHOUSE_MAIN serves another build (bench/lib/servers.ts); BENCH_OIDC_ID_TOKEN_ALG signs the
 * client's ID tokens with ES256 instead of RS256 (bench/lib/oidc-client.ts).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEngine, createPostgresDatabase } from '../lib/bench-database.js';
import { usersMe } from '../lib/loads.js';
import { provenance, provenanceLine } from '../lib/provenance.js';
import { cpuMsOf } from '../lib/proc.js';
import { toProfileTable, type CpuProfile } from '../lib/profile-summary.js';
import { GATEHOUSE_MAIN, startGatehouse } from '../lib/servers.js';
import { BENCH_ID_TOKEN_ALG, benchTarget, createBenchClient } from '../lib/oidc-client.js';
import { ensureWrk, runWrk } from '../lib/wrk.js';
import { seedPostgres } from '../seed/seed-postgres.js';
import { BENCH_PASSWORD, seed, writeLines } from '../seed/seed.js';
import { exchangeCode, refresh, signIn, type OidcTarget } from '../../spec/support/oidc/headless-flow.js';
import { summariseOidc } from './profile-parts.js';
import { mintMany } from '../lib/mint-codes.js';

const load = process.argv[2] ?? 'refresh';
if (!['exchange', 'refresh', 'userinfo', 'compare'].includes(load)) throw new Error('usage: tsx bench/oidc/profile.ts exchange|refresh|userinfo|compare');
const SECONDS = Number(process.env.BENCH_MEASURE_S ?? 10);
const ROUNDS = Number(process.env.BENCH_OIDC_ROUNDS ?? 5);
const BATCH = Number(process.env.BENCH_OIDC_BATCH ?? 200);
const CONCURRENCY = 8;
const profiling = process.env.BENCH_PROFILE !== '0' && load !== 'compare';
const printed: string[] = [];
const print = (line: string): void => {
  console.log(line);
  printed.push(line);
};
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** `work` from CONCURRENCY workers until `more()` says stop; how many calls were made. */
const drive = async (more: () => boolean, work: (worker: number) => Promise<void>): Promise<number> => {
  let done = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (more()) {
      await work(worker);
      done++;
    }
  }));
  return done;
};

ensureWrk();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-oidc-profile-'));
const engine = benchEngine();
const made = provenance();
const pgDatabase = engine === 'postgres' ? await createPostgresDatabase('gatehouse_oidc_profile') : null;
try {
  const plan = { users: 10_000, sessions: 1_000, apiTokens: 1_000, workingSet: 1_000 };
  const seeded = pgDatabase ? await seedPostgres(pgDatabase.url, plan) : await seed({ file: join(work, 'p.sqlite3'), ...plan });
  const env = { SERVICE_TRUST_PROXY: '1' };
  const client = createBenchClient(seeded.url);
  const minter = await startGatehouse(seeded.url, join(work, 'minter.log'), [], env);
  const profiles = join(work, 'profiles');
  const served = await startGatehouse(seeded.url, join(work, 'served.log'), profiling ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [], env);
  const targetOf = (port: number): OidcTarget => benchTarget(port, client);
  const [mint, serve] = [targetOf(minter.port), targetOf(served.port)];
  let requests = 0;
  let cpuMs = 0;
  const measured = async (body: () => Promise<number>): Promise<void> => {
    const before = cpuMsOf(served.pid);
    requests += await body();
    cpuMs += cpuMsOf(served.pid) - before;
  };
  try {
    const jar = await signIn(mint, seeded.emails[0]!, BENCH_PASSWORD);
    // The served server's first requests (keys read, JIT) are the warm-up, counted like the rest.
    if (load === 'exchange') {
      for (let round = 0; round < ROUNDS; round++) {
        const codes = await mintMany(mint, jar, BATCH);
        await measured(() => drive(() => codes.length > 0, async () => void (await exchangeCode(serve, codes.pop()!))));
      }
    } else if (load === 'refresh') {
      const chains = await Promise.all((await mintMany(mint, jar, CONCURRENCY, true)).map((minted) => exchangeCode(mint, minted)));
      const current = chains.map((tokens) => tokens.refresh_token!);
      const end = performance.now() + SECONDS * 1000;
      await measured(() => drive(() => performance.now() < end, async (worker) => void (current[worker] = (await refresh(serve, current[worker]!)).refresh_token!)));
    } else {
      const access = await Promise.all((await mintMany(mint, jar, 100)).map(async (minted) => (await exchangeCode(mint, minted)).access_token));
      const tokens = writeLines(join(work, 'access.txt'), access);
      const userinfo = usersMe(served, tokens, 'bearer', '/gatehouse/oidc/me');
      if (load === 'userinfo') {
        await runWrk({ ...userinfo, seconds: 3 });
        await measured(async () => (await runWrk({ ...userinfo, seconds: SECONDS })).requests);
      } else {
        const me = usersMe(served, writeLines(join(work, 'bearers.txt'), seeded.bearers), 'bearer');
        const loads = { userinfo, 'users/me (bearer)': me };
        const totals = Object.fromEntries(Object.keys(loads).map((name) => [name, { requests: 0, cpuMs: 0, p99: [] as number[], errors: 0 }]));
        for (const l of Object.values(loads)) await runWrk({ ...l, seconds: 3 });
        for (let round = 0; round < ROUNDS; round++) {
          for (const [name, l] of round % 2 ? Object.entries(loads).reverse() : Object.entries(loads)) {
            const before = cpuMsOf(served.pid);
            const result = await runWrk({ ...l, seconds: 4 });
            const t = totals[name]!;
            t.cpuMs += cpuMsOf(served.pid) - before;
            t.requests += result.requests;
            t.p99.push(result.p99Ms);
            t.errors += result.errors;
          }
        }
        print(`compare (${GATEHOUSE_MAIN}, ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}), ${ROUNDS} rounds of 4 s slices, load average now ${loadavg()[0]!.toFixed(2)}`);
        for (const [name, t] of Object.entries(totals)) print(`${name.padEnd(18)} ${((1000 * t.cpuMs) / t.requests).toFixed(1).padStart(7)} CPU µs/request  p99 ${median(t.p99).toFixed(1)} ms (median slice)  ${t.errors} errors`);
        const [u, m] = [totals.userinfo!, totals['users/me (bearer)']!];
        print(`userinfo / users-me: CPU ${((u.cpuMs / u.requests) / (m.cpuMs / m.requests)).toFixed(2)}×, p99 ${(median(u.p99) / median(m.p99)).toFixed(2)}×`);
      }
    }
  } finally {
    await Promise.all([minter.stop(), served.stop()]);
  }
  if (load !== 'compare') print(`${load} (${GATEHOUSE_MAIN}, ${BENCH_ID_TOKEN_ALG} ID tokens): ${requests} requests, ${((1000 * cpuMs) / requests).toFixed(0)} CPU µs a request from /proc${profiling ? ' (profiler on)' : ''}; load average ${loadavg()[0]!.toFixed(2)}`);
  if (profiling) {
    const [file] = readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    const kept = join(import.meta.dirname, '..', 'results', `profile-oidc-${load}-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}Z.cpuprofile`);
    mkdirSync(join(import.meta.dirname, '..', 'results'), { recursive: true });
    copyFileSync(join(profiles, file), kept);
    print(`${kept}\n`);
    print(toProfileTable(summariseOidc(JSON.parse(readFileSync(kept, 'utf8')) as CpuProfile), requests));
  }
  const results = join(import.meta.dirname, '..', 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}Z-oidc-profile-${load}${pgDatabase ? '-pg' : ''}.md`);
  writeFileSync(file, `\`tsx bench/oidc/profile.ts ${load}\` (${GATEHOUSE_MAIN}); ${provenanceLine(made)}\n\n${printed.join('\n')}\n`);
  console.log(`written to ${file}`);
} finally {
  await pgDatabase?.drop();
  rmSync(work, { recursive: true, force: true });
}
