/**
 * `npm run bench:capacity`: the measurements of the capacity model (docs/scaling.md). A fresh
 * PostgreSQL database on BENCH_POSTGRES_URL (a server on this machine: the bench reads its
 * processes' CPU from /proc) with 10 000 users and 21 000 sessions, served by two production builds
 * with a pool of 10 each. Each load — userinfo, token refresh, session check, login — runs on one
 * instance, then split evenly over both; each time BENCH_WARMUP_S (default 3) of warm-up, then
 * BENCH_MEASURE_S (default 10) measured; the session check once more on sessions nobody has
 * checked, for the cost of its once-a-minute write. The model's costs come from the one-instance
 * windows; its prediction for one and for two instances on this machine is printed beside what was
 * measured, and the results go to bench/results/<start>-capacity.md and .json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { exchangeCode, signIn } from '../../spec/support/oidc/headless-flow.js';
import { createPostgresDatabase, POSTGRES_SERVER_URL } from '../lib/bench-database.js';
import { GET_CONNECTIONS, log, post, usersMe } from '../lib/loads.js';
import { mintMany } from '../lib/mint-codes.js';
import { benchTarget, createBenchClient } from '../lib/oidc-client.js';
import { provenance, stampOf } from '../lib/provenance.js';
import type { ServerProcess } from '../lib/server-process.js';
import { startGatehouse } from '../lib/servers.js';
import { ensureWrk } from '../lib/wrk.js';
import { seedPostgres } from '../seed/seed-postgres.js';
import { BENCH_PASSWORD, writeLines, type SeedPlan } from '../seed/seed.js';
import { COLD_SESSIONS, modelOf, WARM_SESSIONS, type CapacityRun, type MeasuredPhase } from './capacity-run.js';
import type { Work } from './model.js';
import { measurePhase, refreshChains, wrkSideBySide, type Driver, type Phase } from './phase.js';
import type { SessionsTable } from './full-page-images.js';
import { startPostgresMeter } from './postgres-meter.js';
import { toMarkdown } from './report-page.js';

const POOL_MAX = 10;
const SESSIONS = WARM_SESSIONS + COLD_SESSIONS;
const PLAN: Omit<SeedPlan, 'file'> = { users: 10_000, sessions: SESSIONS, apiTokens: 0, workingSet: SESSIONS };
/** Each load on one instance, then on two; the untouched sessions right after the plain check, whose warm sessions it warms up on. */
const ORDER: [Work, number][] = [
  ['userinfo', 1], ['userinfo', 2],
  ['refresh', 1], ['refresh', 2],
  ['session', 1], ['session', 2], ['touch', 1],
  ['login', 1], ['login', 2],
];
const CHAINS = 8;
const LOGIN_CONNECTIONS = 8;

/** The sessions table's rows and sizes, for what a row takes on the primary's pages. */
const sessionsTableOf = async (url: string): Promise<SessionsTable> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: number; heap: string; indexes: string }>(
      "select count(*)::int as rows, pg_relation_size('sessions')::text as heap, pg_indexes_size('sessions')::text as indexes from sessions",
    );
    return { rows: rows[0]?.rows ?? 0, heapBytes: Number(rows[0]?.heap ?? 0), indexBytes: Number(rows[0]?.indexes ?? 0) };
  } finally {
    await client.end();
  }
};

/** Sessions whose last_seen_at was written in the phase's warm-up, and in its measured window. */
const touchesIn = async (url: string, phase: Phase): Promise<{ warmUp: number; window: number }> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ warm_up: number; window: number }>(
      'select count(*) filter (where last_seen_at >= $1 and last_seen_at < $2)::int as warm_up, count(*) filter (where last_seen_at >= $2)::int as window from sessions',
      [phase.warmUpStartedAt, phase.windowStartedAt],
    );
    return { warmUp: rows[0]?.warm_up ?? 0, window: rows[0]?.window ?? 0 };
  } finally {
    await client.end();
  }
};

async function main(work: string): Promise<CapacityRun> {
  const startedAt = new Date();
  const made = provenance();
  const cores = cpus().length;
  log(`capacity bench: one and two instances on one PostgreSQL; ${cores} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const { url, drop } = await createPostgresDatabase('gatehouse_bench_capacity');
  try {
    const seeded = await seedPostgres(url, PLAN);
    const client = createBenchClient(url);
    const env = { SERVICE_TRUST_PROXY: '1', SERVICE_DATABASE_POOL_MAX: String(POOL_MAX) };
    const servers = [await startGatehouse(url, join(work, 'a.log'), [], env), await startGatehouse(url, join(work, 'b.log'), [], env)];
    const meter = await startPostgresMeter(POSTGRES_SERVER_URL, url);
    try {
      const targets = servers.map((server) => benchTarget(server.port, client));
      const target = targets[0]!;
      const jar = await signIn(target, seeded.emails[0]!, BENCH_PASSWORD);
      const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies.slice(0, WARM_SESSIONS));
      const untouched = writeLines(join(work, 'untouched.txt'), seeded.cookies.slice(WARM_SESSIONS));
      const emails = writeLines(join(work, 'emails.txt'), seeded.emails);
      const access = writeLines(join(work, 'access.txt'), await Promise.all((await mintMany(target, jar, 100)).map(async (minted) => (await exchangeCode(target, minted)).access_token)));
      const chains = (await Promise.all((await mintMany(target, jar, CHAINS, true)).map((minted) => exchangeCode(target, minted)))).map((tokens) => tokens.refresh_token ?? '');
      if (chains.includes('')) throw new Error('no refresh token for offline_access');
      const split = (connections: number, on: ServerProcess[]): number => Math.max(1, Math.floor(connections / on.length));
      const drivers: Record<Work, (on: ServerProcess[]) => Driver> = {
        session: (on) => wrkSideBySide(on.map((s) => ({ ...usersMe(s, cookies, 'cookie'), connections: split(GET_CONNECTIONS, on) }))),
        touch: (on) => wrkSideBySide(on.map((s) => ({ ...usersMe(s, untouched, 'cookie'), connections: split(GET_CONNECTIONS, on) }))),
        userinfo: (on) => wrkSideBySide(on.map((s) => ({ ...usersMe(s, access, 'bearer', '/gatehouse/oidc/me'), connections: split(GET_CONNECTIONS, on) }))),
        login: (on) => wrkSideBySide(on.map((s) => ({ ...post(s, 'login', { BENCH_EMAILS: emails }), connections: split(LOGIN_CONNECTIONS, on) }))),
        refresh: (on) => refreshChains(targets.slice(0, on.length), chains, on[0]!.pid),
      };
      const phases: MeasuredPhase[] = [];
      for (const [load, instances] of ORDER) {
        const on = servers.slice(0, instances);
        log(`${load} on ${instances} instance${instances > 1 ? 's' : ''}`);
        const warmUp = load === 'touch' ? drivers.session(on) : undefined;
        const phase = await measurePhase(on.map((s) => s.pid), meter, drivers[load](on), cores, warmUp);
        const touched = load === 'session' || load === 'touch';
        phases.push({ load, instances, ...phase, touches: touched ? await touchesIn(url, phase) : null });
      }
      return modelOf({ startedAt, made, cores, poolMax: POOL_MAX, phases, sessionsTable: await sessionsTableOf(url), loadAtEnd: loadavg() });
    } finally {
      await meter.stop();
      for (const server of servers) await server.stop();
    }
  } finally {
    await drop();
  }
}

ensureWrk();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-capacity-'));
try {
  const run = await main(work);
  const markdown = toMarkdown(run);
  const dir = join(import.meta.dirname, '..', 'results');
  const stamp = `${stampOf(run.startedAt)}-capacity`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${stamp}.md`), `${markdown}\n`);
  writeFileSync(join(dir, `${stamp}.json`), JSON.stringify(run, null, 2));
  console.log(`\n${markdown}\n\nwritten to bench/results/${stamp}.md`);
  console.log(`BENCH_RESULTS ${join(dir, `${stamp}.json`)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
