/**
 * `npm run bench:growth` (SQLite) and `npm run bench:growth:pg` (a fresh PostgreSQL database): the
 * cost of the hot paths as the tables grow, and of the purges while requests are served.
 *
 * Two databases, the same 100 000 users and working set in both: one with 10 000 rows each of
 * sessions, OpenID payloads and security events (a year of them), one with BENCH_GROWTH_ROWS
 * (default 1 000 000) of each. Both are seeded first, then a production build serves each, both at
 * once: userinfo, GET /users/me by cookie and by API token, /auth/verify (wrk, 32 connections),
 * rotated refreshes (8 grants a server) and logins, each load in alternating SLICE_S slices on the two
 * servers, the order rotating every round, BENCH_GROWTH_ROUNDS rounds (by default about
 * BENCH_MEASURE_S of slices per database). Each load's rate on the big tables is printed as a share
 * of its rate on the small ones: measured side by side, the share no longer carries the machine's
 * drift between two phases minutes apart.
 *
 * Then the purges: half the big database's payload rows are made expired, and /users/me by cookie
 * is measured on a freshly started server twice, once with nothing to purge and once while the
 * start-up purges delete those payloads and the events past a 180-day retention (half a year's).
 * BENCH_MEASURE_S (default 10) sets their windows.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { exchangeCode, refresh, signIn, type CookieJar, type OidcTarget } from '../../spec/support/oidc/headless-flow.js';
import { alternate, SLICE_S, summarize, type SliceTotals } from '../lib/alternating-slices.js';
import { benchEngine, createPostgresDatabase } from '../lib/bench-database.js';
import { forSeconds, loop, type LoopResult } from '../lib/client-loop.js';
import { GET_CONNECTIONS, log, post, usersMe } from '../lib/loads.js';
import { MEASURE_S, WARMUP_S, type Measured } from '../lib/measure.js';
import { provenance, provenanceLine, stampOf } from '../lib/provenance.js';
import { startGatehouse } from '../lib/servers.js';
import type { ServerProcess } from '../lib/server-process.js';
import { ensureWrk, runWrk, type WrkLoad, type WrkResult } from '../lib/wrk.js';
import { seedPostgres } from '../seed/seed-postgres.js';
import { BENCH_PASSWORD, seed, writeLines, type Seeded, type SeedPlan } from '../seed/seed.js';
import { FILLER_GRANT, growPostgres, growSqlite } from './seed-growth.js';
import { mintMany } from '../lib/mint-codes.js';
import { benchTarget, createBenchClient, type BenchClient } from '../lib/oidc-client.js';

const ENGINE = benchEngine();
const SMALL = 10_000;
const LARGE = Number(process.env.BENCH_GROWTH_ROWS ?? 1_000_000);
const USERS = 100_000;
const WORKING_SET = 1_000;
/** The retention the purge phase starts a server with (the default); the other servers keep ten years, so nothing goes. */
const RETENTION_DAYS = 180;
const KEEP_ALL_DAYS = 3650;
const TOKEN_CONCURRENCY = 8;
/** The share of its small-table rate each load must keep on the big tables (issue 40). */
const TARGET = 0.85;
/** How long after the purge window opens the bench waits for both purges to finish (a million rows' backlog can outlast it). */
const PURGE_WAIT_S = Number(process.env.BENCH_PURGE_WAIT_S ?? 1200);
/** Rounds of slices per load: by default about BENCH_MEASURE_S of slices per database, as each load had when measured alone. */
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? Math.max(2, Math.round(MEASURE_S / SLICE_S)));
/** How long the access tokens minted for userinfo live (oidc-provider's default, 10 minutes), less a margin for minting them. */
const ACCESS_TOKEN_S = 540;

type Figures = Pick<Measured, 'rps' | 'p50Ms' | 'p99Ms' | 'cpuMsPerRequest' | 'errors'>;
const LOADS = ['cookie', 'bearer', 'verify', 'userinfo', 'refresh', 'login'] as const;
type LoadName = (typeof LOADS)[number];
type Size = 'small' | 'large';
const LOAD_TITLES: Record<LoadName, string> = {
  cookie: 'GET /api/v1/users/me (cookie)',
  bearer: 'GET /api/v1/users/me (API token)',
  verify: 'GET /api/v1/auth/verify (cookie)',
  userinfo: 'GET /gatehouse/oidc/me (userinfo)',
  refresh: 'POST /gatehouse/oidc/token (refresh, rotated)',
  login: 'POST /api/v1/auth/login',
};

interface Prepared {
  rows: number;
  url: string;
  seeded: Seeded;
  client: BenchClient;
  drop: () => Promise<void>;
}

interface PurgeResult {
  payloadsExpired: number;
  eventsPastRetention: number;
  without: WrkResult;
  during: WrkResult;
  /** Seconds from the start of the measured window to each purge's "deleted" log line (negative: before it; null: none seen). */
  eventsDoneAfterS: number | null;
  payloadsDoneAfterS: number | null;
  eventsDeleted: number | null;
  payloadsDeleted: number | null;
  /** The rows made to go that are still there once both purges finished (0 and 0 when they did their work). */
  leftExpired: { payloads: number; events: number };
  /** Seconds from the measured window's opening to the count of what is left: when both finished, or the wait ran out. */
  countedAfterS: number;
}

const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-growth-'));
const phases: { phase: string; seconds: number }[] = [];
const phase = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
  log(`${name}…`);
  const started = performance.now();
  const result = await body();
  const seconds = (performance.now() - started) / 1000;
  phases.push({ phase: name, seconds });
  log(`${name}: ${seconds.toFixed(1)} s`);
  return result;
};

const serverEnv = (retentionDays: number): Record<string, string> => ({
  // Behind a pretend TLS proxy, so the OpenID flow's cookies may be Secure (as in bench:oidc).
  SERVICE_TRUST_PROXY: '1',
  SERVICE_EVENT_RETENTION_DAYS: String(retentionDays),
  SERVICE_DATABASE_POOL_MAX: '10',
});


/** A database with USERS users, the working set, and `rows` rows of sessions, payloads and events. */
async function prepare(rows: number): Promise<Prepared> {
  const plan: Omit<SeedPlan, 'file'> = { users: USERS, sessions: WORKING_SET, apiTokens: WORKING_SET, workingSet: WORKING_SET };
  const progress = (message: string): void => log(`  ${message}`);
  if (ENGINE === 'postgres') {
    const { url, drop } = await createPostgresDatabase('gatehouse_bench_growth');
    const seeded = await seedPostgres(url, plan);
    const client = createBenchClient(url);
    await growPostgres(url, { rows, existingSessions: WORKING_SET, clientId: client.client_id }, progress);
    return { rows, url, seeded, client, drop };
  }
  const file = join(work, `growth-${rows}.sqlite3`);
  const seeded = await seed({ file, ...plan });
  const client = createBenchClient(seeded.url);
  growSqlite(file, { rows, existingSessions: WORKING_SET, clientId: client.client_id }, progress);
  return { rows, url: seeded.url, seeded, client, drop: () => Promise.resolve(rmSync(file, { force: true })) };
}

const withGatehouse = async <T>(url: string, name: string, retentionDays: number, body: (server: ServerProcess, logFile: string) => Promise<T>): Promise<T> => {
  const logFile = join(work, `${name}.log`);
  const server = await startGatehouse(url, logFile, [], serverEnv(retentionDays));
  try {
    return await body(server, logFile);
  } finally {
    await server.stop();
  }
};

const figures = (totals: SliceTotals): Figures => {
  const { rps, p50Ms, p99Ms, cpuMsPerRequest, errors } = summarize(totals);
  return { rps, p50Ms, p99Ms, cpuMsPerRequest, errors };
};

/** One database's server during the loads, with what its loads present. */
interface Served {
  pid: number;
  server: ServerProcess;
  target: OidcTarget;
  jar: CookieJar;
  cookies: string;
  bearers: string;
  emails: string;
}

const served = async (prepared: Prepared, server: ServerProcess): Promise<Served> => {
  const { seeded, client } = prepared;
  const tag = `rows-${prepared.rows}`;
  const target: OidcTarget = benchTarget(server.port, client);
  return {
    pid: server.pid,
    server,
    target,
    jar: await signIn(target, seeded.emails[0]!, BENCH_PASSWORD),
    cookies: writeLines(join(work, `${tag}-cookies.txt`), seeded.cookies),
    bearers: writeLines(join(work, `${tag}-bearers.txt`), seeded.bearers),
    emails: writeLines(join(work, `${tag}-emails.txt`), seeded.emails),
  };
};

/** A wrk load on both servers: warmed up on both at once (nothing measured), then alternating slices. */
const sideBySide = async (name: LoadName, both: readonly (readonly [Size, Served])[], loadOf: (one: Served, size: Size) => Omit<WrkLoad, 'seconds'>): Promise<Map<Size, SliceTotals>> => {
  log(`  ${LOAD_TITLES[name]}`);
  await Promise.all(both.map(([size, one]) => runWrk({ ...loadOf(one, size), seconds: WARMUP_S })));
  return alternate(both, ROUNDS, (size, one) => runWrk({ ...loadOf(one, size), seconds: SLICE_S }));
};

/**
 * Every load on both databases at once, a server on each, in alternating slices (bench/lib/alternating-slices.ts):
 * measured one database after the other, minutes apart, the shares measured the machine's drift.
 */
async function loadsSideBySide(small: Prepared, large: Prepared): Promise<Record<Size, Record<LoadName, Figures>>> {
  const servers: ServerProcess[] = [];
  try {
    for (const prepared of [small, large]) servers.push(await startGatehouse(prepared.url, join(work, `rows-${prepared.rows}.log`), [], serverEnv(KEEP_ALL_DAYS)));
    const both = [['small', await served(small, servers[0]!)], ['large', await served(large, servers[1]!)]] as const;
    // Access tokens live 10 minutes: each server's own, minted right before the one load that presents them.
    const access = await Promise.all(
      both.map(async ([size, one]) => {
        const tokens = await Promise.all((await mintMany(one.target, one.jar, 100)).map(async (minted) => (await exchangeCode(one.target, minted)).access_token));
        return [size, writeLines(join(work, `${size}-access.txt`), tokens)] as const;
      }),
    );
    const accessOf = new Map(access);
    const userinfo = await sideBySide('userinfo', both, (one, size) => usersMe(one.server, accessOf.get(size)!, 'bearer', '/gatehouse/oidc/me'));
    const cookie = await sideBySide('cookie', both, (one) => usersMe(one.server, one.cookies, 'cookie'));
    const bearer = await sideBySide('bearer', both, (one) => usersMe(one.server, one.bearers, 'bearer'));
    const verify = await sideBySide('verify', both, (one) => usersMe(one.server, one.cookies, 'cookie', '/api/v1/auth/verify'));
    // Each server rotates its own TOKEN_CONCURRENCY refresh chains.
    const steps = new Map(
      await Promise.all(
        both.map(async ([size, one]) => {
          const chains = await Promise.all((await mintMany(one.target, one.jar, TOKEN_CONCURRENCY, true)).map((minted) => exchangeCode(one.target, minted)));
          const current = chains.map((tokens) => tokens.refresh_token ?? '');
          if (current.includes('')) throw new Error('no refresh token for offline_access');
          const step = async (worker: number): Promise<void> => void (current[worker] = (await refresh(one.target, current[worker]!)).refresh_token!);
          return [size, step] as const;
        }),
      ),
    );
    const refreshes = (size: Size, one: Served, seconds: number): Promise<LoopResult> => loop(one.pid, TOKEN_CONCURRENCY, forSeconds(seconds), steps.get(size)!);
    log(`  ${LOAD_TITLES.refresh}`);
    await Promise.all(both.map(([size, one]) => refreshes(size, one, WARMUP_S)));
    const refreshed = await alternate(both, ROUNDS, (size, one) => refreshes(size, one, SLICE_S));
    // Last: every login adds a session and an event, on both sizes alike.
    const login = await sideBySide('login', both, (one) => post(one.server, 'login', { BENCH_EMAILS: one.emails }));
    const of = (size: Size): Record<LoadName, Figures> => {
      const pick = (totals: Map<Size, SliceTotals>): Figures => figures(totals.get(size)!);
      return { cookie: pick(cookie), bearer: pick(bearer), verify: pick(verify), userinfo: pick(userinfo), refresh: pick(refreshed), login: pick(login) };
    };
    return { small: of('small'), large: of('large') };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const DAY_MS = 24 * 3_600_000;

/** Makes half the filler payloads expired (a day ago), and counts what each purge then has to delete. */
async function expireHalf(prepared: Prepared): Promise<{ payloads: number; events: number }> {
  const cutoff = new Date(Date.now() - RETENTION_DAYS * DAY_MS);
  const dayAgo = new Date(Date.now() - DAY_MS);
  // Half by the first hex digit of the hashed key: spread over the whole table and its indexes.
  const half = `grant_id like '${FILLER_GRANT}%' and id < '8'`;
  if (ENGINE === 'postgres') {
    const client = new pg.Client({ connectionString: prepared.url });
    await client.connect();
    try {
      const updated = await client.query(`update oidc_payloads set expires_at = $1 where ${half}`, [dayAgo]);
      await client.query('vacuum analyze oidc_payloads');
      const events = await client.query<{ n: number }>('select count(*)::int as n from security_events where created_at < $1', [cutoff]);
      return { payloads: updated.rowCount ?? 0, events: events.rows[0]!.n };
    } finally {
      await client.end();
    }
  }
  const db = new Database(prepared.url.slice('sqlite://'.length));
  try {
    const payloads = db.prepare(`update oidc_payloads set expires_at = ? where ${half}`).run(dayAgo.toISOString()).changes;
    const events = db.prepare('select count(*) from security_events where created_at < ?').pluck().get(cutoff.toISOString()) as number;
    return { payloads, events };
  } finally {
    db.close();
  }
}

// Only the filler rows expireHalf expired: real ones (the flow's codes) expire on their own meanwhile.
const countLeft = async (prepared: Prepared, purgedAt: Date): Promise<{ payloads: number; events: number }> => {
  const now = purgedAt;
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  if (ENGINE === 'postgres') {
    const client = new pg.Client({ connectionString: prepared.url });
    await client.connect();
    try {
      const p = await client.query<{ n: number }>(`select count(*)::int as n from oidc_payloads where expires_at <= $1 and grant_id like '${FILLER_GRANT}%'`, [now]);
      const e = await client.query<{ n: number }>('select count(*)::int as n from security_events where created_at < $1', [cutoff]);
      return { payloads: p.rows[0]!.n, events: e.rows[0]!.n };
    } finally {
      await client.end();
    }
  }
  const db = new Database(prepared.url.slice('sqlite://'.length), { readonly: true });
  try {
    const payloads = db.prepare(`select count(*) from oidc_payloads where expires_at <= ? and grant_id like '${FILLER_GRANT}%'`).pluck().get(now.toISOString()) as number;
    const events = db.prepare('select count(*) from security_events where created_at < ?').pluck().get(cutoff.toISOString()) as number;
    return { payloads, events };
  } finally {
    db.close();
  }
};

interface PurgeLine {
  time: string;
  msg: string;
  deleted?: number;
}
/** The service's "… deleted" log line for a purge (pino JSON, ISO time), if it has been written. */
const purgeLine = (logFile: string, what: string): PurgeLine | null => {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as PurgeLine;
    if (entry.msg === `${what} deleted`) return entry;
  }
  return null;
};
const EVENTS_WHAT = 'security events past their retention';
const PAYLOADS_WHAT = 'expired OpenID codes, tokens and sessions';

/** The same load on each fresh server: a warm-up from the moment it listens, then the measured window. */
const freshLoad = async (server: ServerProcess, cookies: string): Promise<{ result: WrkResult; opened: number }> => {
  await runWrk({ ...usersMe(server, cookies, 'cookie'), seconds: WARMUP_S });
  const opened = Date.now();
  return { result: await runWrk({ ...usersMe(server, cookies, 'cookie'), seconds: MEASURE_S }), opened };
};

/**
 * /users/me by cookie on a freshly started server, without and then with the start-up purges
 * running beside it. The purges run only at start-up and hourly, so both servers are fresh and
 * both windows follow the same warm-up from the moment the server listens. The server without
 * runs before any payload is expired (its start-up payload purge finds nothing either).
 */
async function purgePhase(prepared: Prepared): Promise<PurgeResult> {
  const cookies = writeLines(join(work, 'purge-cookies.txt'), prepared.seeded.cookies);
  const without = await phase('purge: /users/me on a fresh server, nothing to purge', () =>
    withGatehouse(prepared.url, 'purge-without', KEEP_ALL_DAYS, async (server) => (await freshLoad(server, cookies)).result),
  );
  const expired = await phase('purge: expire half the payload rows', () => expireHalf(prepared));
  // The purges' own cutoffs come later than this: whatever was expired by now must be gone.
  const beforeStart = new Date();
  return phase('purge: /users/me on a fresh server while both purges run', () =>
    withGatehouse(prepared.url, 'purge-during', RETENTION_DAYS, async (server, logFile) => {
      const { result: during, opened } = await freshLoad(server, cookies);
      // The purges go on after the window if they are longer: wait for both to be written, up to BENCH_PURGE_WAIT_S.
      while (Date.now() - opened < PURGE_WAIT_S * 1000 && !(purgeLine(logFile, EVENTS_WHAT) && purgeLine(logFile, PAYLOADS_WHAT))) await new Promise((r) => setTimeout(r, 500));
      const countedAfterS = (Date.now() - opened) / 1000;
      const doneAfter = (line: PurgeLine | null): number | null => (line ? (Date.parse(line.time) - opened) / 1000 : null);
      const events = purgeLine(logFile, EVENTS_WHAT);
      const payloads = purgeLine(logFile, PAYLOADS_WHAT);
      return {
        payloadsExpired: expired.payloads,
        eventsPastRetention: expired.events,
        without,
        during,
        eventsDoneAfterS: doneAfter(events),
        payloadsDoneAfterS: doneAfter(payloads),
        eventsDeleted: events?.deleted ?? null,
        payloadsDeleted: payloads?.deleted ?? null,
        leftExpired: await countLeft(prepared, beforeStart),
        countedAfterS,
      };
    }),
  );
}

/** What the purges left: nothing once both finished, or how far they got when the wait ran out. */
const leftLine = (p: PurgeResult): string => {
  if (p.eventsDoneAfterS !== null && p.payloadsDoneAfterS !== null) return `Left behind once both finished: ${p.leftExpired.payloads} expired payloads, ${p.leftExpired.events} events past the retention.`;
  const deleted = p.payloadsExpired - p.leftExpired.payloads + (p.eventsPastRetention - p.leftExpired.events);
  return (
    `Not both finished ${p.countedAfterS.toFixed(0)} s after the window opened (BENCH_PURGE_WAIT_S=${PURGE_WAIT_S}): ` +
    `${count(p.payloadsExpired - p.leftExpired.payloads)} of ${count(p.payloadsExpired)} payloads and ${count(p.eventsPastRetention - p.leftExpired.events)} of ${count(p.eventsPastRetention)} events deleted by then, ` +
    `about ${(deleted / p.countedAfterS).toFixed(0)} rows a second.`
  );
};

const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)}%`;
const fixed = (value: number | null, digits: number): string => (value === null ? '—' : value.toFixed(digits));
const count = (n: number): string => n.toLocaleString('en-US').replaceAll(',', ' ');

const toMarkdown = (r: { startedAt: Date; small: Record<LoadName, Figures>; large: Record<LoadName, Figures>; purge: PurgeResult; made: ReturnType<typeof provenance>; loadAtEnd: number[] }): string => {
  const engineName = ENGINE === 'postgres' ? 'PostgreSQL (pool of 10)' : 'SQLite';
  const rows = LOADS.map((name) => {
    const [s, l] = [r.small[name], r.large[name]];
    const share = l.rps / s.rps;
    return `| ${LOAD_TITLES[name]} | ${s.rps.toFixed(0)} | ${l.rps.toFixed(0)} | ${pct(share)} ${share >= TARGET ? '✓' : '✗'} | ${s.p99Ms.toFixed(1)} | ${l.p99Ms.toFixed(1)} | ${fixed(s.cpuMsPerRequest, 2)} | ${fixed(l.cpuMsPerRequest, 2)} | ${s.errors + l.errors} |`;
  });
  const p = r.purge;
  const ratio = p.during.p99Ms / p.without.p99Ms;
  const after = (s: number | null): string => (s === null ? 'not seen' : `${s.toFixed(1)} s`);
  const overlap = Math.min(MEASURE_S, Math.max(0, p.eventsDoneAfterS ?? MEASURE_S, p.payloadsDoneAfterS ?? MEASURE_S));
  return [
    `Growth bench, ${r.startedAt.toISOString()}, ${engineName}, production build; ${provenanceLine(r.made)}, load average at the end ${r.loadAtEnd.map((l) => l.toFixed(2)).join(' ')}`,
    '',
    `${count(USERS)} users in both; ${count(SMALL)} and ${count(LARGE)} rows each of sessions, OpenID payloads and security events (a year of them). wrk loads: ${GET_CONNECTIONS} connections (login 8); refresh: ${TOKEN_CONCURRENCY} grants a server.`,
    '',
    `Loads interleaved: both databases served at once, a server each; every load in alternating ${SLICE_S} s slices, ${ROUNDS} rounds, the order rotating every round: ${ROUNDS * SLICE_S} s measured per load and database, after ${WARMUP_S} s of warm-up on both at once. p50 and p99 are the median slice's; CPU is each server's own during its slices.`,
    '',
    `| load | req/s at ${count(SMALL)} | req/s at ${count(LARGE)} | share (target ≥ ${pct(TARGET)}) | p99 ms at ${count(SMALL)} | p99 ms at ${count(LARGE)} | CPU ms/req at ${count(SMALL)} | CPU ms/req at ${count(LARGE)} | errors |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Purges during load, ${count(LARGE)} rows: /users/me by cookie (wrk, ${GET_CONNECTIONS} connections) on a freshly started server, ${WARMUP_S} s of warm-up from the moment it listens, then ${MEASURE_S} s measured.`,
    '',
    '| | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    `| nothing to purge | ${p.without.rps.toFixed(0)} | ${p.without.p50Ms.toFixed(1)} | ${p.without.p99Ms.toFixed(1)} | ${p.without.errors} |`,
    `| event retention and payload purge running | ${p.during.rps.toFixed(0)} | ${p.during.p50Ms.toFixed(1)} | ${p.during.p99Ms.toFixed(1)} | ${p.during.errors} |`,
    '',
    `p99 during the purges: ${ratio.toFixed(2)}× the p99 without (target ≤ 2×) ${ratio <= 2 ? '✓' : '✗'}.`,
    `Event retention (${RETENTION_DAYS} days): ${count(p.eventsPastRetention)} rows past it, ${p.eventsDeleted === null ? 'no' : count(p.eventsDeleted)} deleted, finished ${after(p.eventsDoneAfterS)} after the measured window opened.`,
    `Payload purge: ${count(p.payloadsExpired)} rows expired, ${p.payloadsDeleted === null ? 'no' : count(p.payloadsDeleted)} deleted, finished ${after(p.payloadsDoneAfterS)} after the measured window opened.`,
    `The measured window ran ${overlap.toFixed(1)} s of its ${MEASURE_S} s beside at least one purge${overlap < MEASURE_S ? ' (the rest diluted the p99 above: a bigger table or a shorter window puts all of it under the purges)' : ''}.`,
    leftLine(p),
    '',
    `Phases: ${phases.map((ph) => `${ph.phase} ${ph.seconds.toFixed(0)} s`).join('; ')}.`,
  ].join('\n');
};

async function main(): Promise<void> {
  const userinfoS = WARMUP_S + 2 * ROUNDS * SLICE_S;
  if (userinfoS > ACCESS_TOKEN_S) throw new Error(`userinfo would run ${userinfoS} s on access tokens that live 10 minutes: lower BENCH_GROWTH_ROUNDS`);
  ensureWrk();
  const startedAt = new Date();
  const made = provenance();
  log(`growth bench on ${ENGINE}: ${count(SMALL)} and ${count(LARGE)} rows; ${provenanceLine(made)}`);
  const total = performance.now();
  // Both kept until the loads have run side by side; the small one goes before the purges.
  const small = await phase(`seed ${count(SMALL)} rows`, () => prepare(SMALL));
  let smallDropped = false;
  const dropSmall = async (): Promise<void> => {
    if (!smallDropped) await small.drop();
    smallDropped = true;
  };
  try {
    const large = await phase(`seed ${count(LARGE)} rows`, () => prepare(LARGE));
    try {
      const loads = await phase(`loads at ${count(SMALL)} and ${count(LARGE)} rows, side by side`, () => loadsSideBySide(small, large));
      await dropSmall();
      const purge = await purgePhase(large);
      phases.push({ phase: 'total', seconds: (performance.now() - total) / 1000 });
      write(startedAt, made, loads, purge);
    } finally {
      await large.drop();
    }
  } finally {
    await dropSmall();
  }
}

/** The results file, in the shape `npm run bench` writes (and a line on how the loads were interleaved). */
function write(startedAt: Date, made: ReturnType<typeof provenance>, loads: Record<Size, Record<LoadName, Figures>>, purge: PurgeResult): void {
  const interleaved = { rounds: ROUNDS, sliceS: SLICE_S, warmupS: WARMUP_S };
  const results = { startedAt, engine: ENGINE, provenance: made, loadAtEnd: loadavg(), users: USERS, rows: { small: SMALL, large: LARGE }, interleaved, phases, small: loads.small, large: loads.large, purge };
  const markdown = toMarkdown({ startedAt, small: loads.small, large: loads.large, purge, made, loadAtEnd: results.loadAtEnd });
  const dir = join(import.meta.dirname, '..', 'results');
  const stamp = `${stampOf(startedAt)}-growth-${ENGINE === 'postgres' ? 'pg' : 'sqlite'}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${stamp}.md`), `${markdown}\n`);
  writeFileSync(join(dir, `${stamp}.json`), JSON.stringify(results, null, 2));
  console.log(`\n${markdown}\n\nwritten to bench/results/${stamp}.md`);
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
