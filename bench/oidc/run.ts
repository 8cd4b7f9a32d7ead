/**
 * One run of `npm run bench:oidc` (bench/oidc/medians.ts runs it three times): the OpenID provider's
 * hot paths on the production build, SQLite or (BENCH_ENGINE=postgres) a fresh PostgreSQL database,
 * the seed of `npm run bench` (10 000 users): the token endpoint's code exchange and refresh
 * (rotation), and userinfo beside `GET /users/me` with a cookie and with an API token.
 *
 * Codes are minted by a signed-in client following the redirects (not timed: that is the
 * authorization flow, a browser's pace), then exchanged under load; each refresh chain uses the
 * token the previous refresh returned, as a client does. The GET loads run under wrk, as in
 * `npm run bench`. BENCH_MEASURE_S (default 10) sets the refresh and wrk windows;
 * BENCH_OIDC_ID_TOKEN_ALG (bench/lib/oidc-client.ts) the bench client's ID token algorithm.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEngine, createPostgresDatabase } from '../lib/bench-database.js';
import { GET_CONNECTIONS, log, usersMe } from '../lib/loads.js';
import { MEASURE_S, measure, type Measured } from '../lib/measure.js';
import { loop, type LoopResult } from '../lib/client-loop.js';
import { provenance, provenanceLine } from '../lib/provenance.js';
import { startGatehouse } from '../lib/servers.js';
import { ensureWrk } from '../lib/wrk.js';
import { seedPostgres } from '../seed/seed-postgres.js';
import { BENCH_PASSWORD, seed, writeLines, type SeedPlan } from '../seed/seed.js';
import { exchangeCode, refresh, signIn } from '../../spec/support/oidc/headless-flow.js';
import { mintMany } from '../lib/mint-codes.js';
import { ALG_SUFFIX, BENCH_ID_TOKEN_ALG, benchTarget, createBenchClient } from '../lib/oidc-client.js';

const ROUNDS = Number(process.env.BENCH_OIDC_ROUNDS ?? 5);
const BATCH = Number(process.env.BENCH_OIDC_BATCH ?? 200);
/** Concurrent clients at the token endpoint: a few applications' backends at once. */
const TOKEN_CONCURRENCY = 8;

const merge = (parts: LoopResult[]): LoopResult => {
  // Rounds are separate batches: requests and errors add up, rates and percentiles are the median round's.
  const byRps = [...parts].sort((a, b) => a.rps - b.rps);
  const middle = byRps[Math.floor(byRps.length / 2)]!;
  return { ...middle, requests: parts.reduce((n, p) => n + p.requests, 0), errors: parts.reduce((n, p) => n + p.errors, 0) };
};

ensureWrk();
const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-oidc-'));
const startedAt = new Date();
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
const engine = benchEngine();
const made = provenance();
log(`load average at start ${load}; ${cpus().length} cores; ${engine}`);
let dropDatabase = (): Promise<void> => Promise.resolve();
try {
  log('seeding 10 000 users, 1 000 sessions and 1 000 API tokens');
  const plan: Omit<SeedPlan, 'file'> = { users: 10_000, sessions: 1_000, apiTokens: 1_000, workingSet: 1_000 };
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase('gatehouse_bench_oidc') : null;
  if (pgDatabase) dropDatabase = pgDatabase.drop;
  const seeded = pgDatabase ? await seedPostgres(pgDatabase.url, plan) : await seed({ file: join(work, 'bench.sqlite3'), ...plan });
  const env = { SERVICE_TRUST_PROXY: '1' };
  const server = await startGatehouse(seeded.url, join(work, 'server.log'), [], env);
  try {
    const target = benchTarget(server.port, createBenchClient(seeded.url));
    const jar = await signIn(target, seeded.emails[0]!, BENCH_PASSWORD);

    log('warm-up: 50 codes minted and exchanged');
    for (const minted of await mintMany(target, jar, 50)) await exchangeCode(target, minted);

    log(`code exchange: ${ROUNDS} rounds of ${BATCH} codes, ${TOKEN_CONCURRENCY} clients`);
    const rounds: LoopResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const codes = await mintMany(target, jar, BATCH);
      rounds.push(await loop(server.pid, TOKEN_CONCURRENCY, () => codes.length > 0, async () => void (await exchangeCode(target, codes.pop()!))));
    }
    const exchange = merge(rounds);

    log(`refresh: ${TOKEN_CONCURRENCY} grants, each refreshing in turn for ${MEASURE_S} s`);
    const chains = await Promise.all((await mintMany(target, jar, TOKEN_CONCURRENCY, true)).map((minted) => exchangeCode(target, minted)));
    if (chains.some((tokens) => !tokens.refresh_token)) throw new Error('no refresh token for offline_access');
    const current = chains.map((tokens) => tokens.refresh_token!);
    await loop(server.pid, TOKEN_CONCURRENCY, ((end) => () => performance.now() < end)(performance.now() + 3_000), async (worker) => {
      current[worker] = (await refresh(target, current[worker]!)).refresh_token!;
    });
    const refreshed = await loop(server.pid, TOKEN_CONCURRENCY, ((end) => () => performance.now() < end)(performance.now() + MEASURE_S * 1000), async (worker) => {
      current[worker] = (await refresh(target, current[worker]!)).refresh_token!;
    });

    log(`userinfo and /users/me: wrk, ${GET_CONNECTIONS} connections, ${MEASURE_S} s each`);
    const accessTokens = await Promise.all((await mintMany(target, jar, 100)).map(async (minted) => (await exchangeCode(target, minted)).access_token));
    const accessFile = writeLines(join(work, 'access-tokens.txt'), accessTokens);
    const userinfo = await measure(server.pid, usersMe(server, accessFile, 'bearer', '/gatehouse/oidc/me'));
    const meCookie = await measure(server.pid, usersMe(server, writeLines(join(work, 'cookies.txt'), seeded.cookies), 'cookie'));
    const meToken = await measure(server.pid, usersMe(server, writeLines(join(work, 'bearers.txt'), seeded.bearers), 'bearer'));

    const row = (name: string, m: LoopResult | Measured, note: string) =>
      `| ${name} | ${m.rps.toFixed(0)} | ${m.p50Ms.toFixed(1)} | ${m.p99Ms.toFixed(1)} | ${m.cpuMsPerRequest === null ? '—' : m.cpuMsPerRequest.toFixed(2)} | ${m.errors} | ${note} |`;
    const table = [
      `OpenID provider bench, ${startedAt.toISOString()}, ${engine === 'postgres' ? 'PostgreSQL (pool of 10)' : 'SQLite'}, production build, ${BENCH_ID_TOKEN_ALG} ID tokens; ${provenanceLine(made)}`,
      '',
      '| load | req/s | p50 ms | p99 ms | server CPU ms/req | errors | how |',
      '|---|---|---|---|---|---|---|',
      row('POST /gatehouse/oidc/token (code exchange)', exchange, `${exchange.requests} codes, ${TOKEN_CONCURRENCY} clients, median of ${ROUNDS} rounds`),
      row('POST /gatehouse/oidc/token (refresh, rotated)', refreshed, `${refreshed.requests} refreshes, ${TOKEN_CONCURRENCY} grants`),
      row('GET /gatehouse/oidc/me (userinfo)', userinfo, `wrk, ${GET_CONNECTIONS} connections, 100 access tokens`),
      row('GET /api/v1/users/me (cookie)', meCookie, `wrk, ${GET_CONNECTIONS} connections, 1 000 sessions`),
      row('GET /api/v1/users/me (API token)', meToken, `wrk, ${GET_CONNECTIONS} connections, 1 000 tokens`),
    ].join('\n');
    console.log(`\n${table}\n`);
    const results = join(import.meta.dirname, '..', 'results');
    mkdirSync(results, { recursive: true });
    const stamp = `${startedAt.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}-oidc${engine === 'postgres' ? '-pg' : ''}${ALG_SUFFIX}`;
    writeFileSync(join(results, `${stamp}.md`), `${table}\n`);
    const loadAtEnd = loadavg();
    writeFileSync(join(results, `${stamp}.json`), JSON.stringify({ startedAt, load, engine, idTokenAlg: BENCH_ID_TOKEN_ALG, provenance: made, loadAtEnd, exchange, exchangeRounds: rounds, refresh: refreshed, userinfo, meCookie, meToken }, null, 2));
    // bench/oidc/medians.ts reads this line to find the run's figures.
    console.log(`BENCH_RESULTS ${join(results, `${stamp}.json`)}`);
  } finally {
    await server.stop();
  }
} finally {
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
}
