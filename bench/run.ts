import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, measureDuring, type Measured } from './lib/measure.js';
import { toMarkdown } from './lib/markdown.js';
import type { Results } from './lib/results.js';
import { measureArgon2 } from './lib/argon2-reference.js';
import { log, lua, page, post, usersMe, verifyForHost, withServer } from './lib/loads.js';
import { COOKIE_NAME, GATEHOUSE_MAIN, startGatehouse, startReference } from './lib/servers.js';
import { ensureWrk } from './lib/wrk.js';
import { postgresSection } from './pg/postgres-section.js';
import { BENCH_RULE_HOST, seed, writeLines, type Seeded } from './seed/seed.js';

const BENCH = import.meta.dirname;
const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
let runs = 0;

async function seedAll(): Promise<{ main: Seeded; small: Seeded; large: Seeded }> {
  log('seeding 100 000 users and 100 000 sessions');
  const main = await seed({ file: join(work, 'main.sqlite3'), users: 100_000, sessions: 100_000, apiTokens: 1_000, workingSet: 1_000 });
  log('seeding the scale pair: 1 000 and 1 000 000 sessions');
  const small = await seed({ file: join(work, 'small.sqlite3'), users: 100_000, sessions: 1_000, apiTokens: 0, workingSet: 1_000 });
  const large = await seed({ file: join(work, 'large.sqlite3'), users: 100_000, sessions: 1_000_000, apiTokens: 0, workingSet: 1_000 });
  return { main, small, large };
}

async function references(main: Seeded, cookies: string) {
  log('reference (a): bare Express');
  const bare = await withServer(startReference('bare-server', {}, join(work, 'bare.log')), (s) => measure(s.pid, usersMe(s, cookies, 'cookie')));
  log('reference (b): SHA-256 + two prepared lookups');
  const lookupEnv = { BENCH_DB: main.url.slice('sqlite://'.length), BENCH_COOKIE_NAME: COOKIE_NAME };
  const lookup = await withServer(startReference('lookup-server', lookupEnv, join(work, 'lookup.log')), (s) => measure(s.pid, usersMe(s, cookies, 'cookie')));
  log('reference (c): argon2id in-process, two in flight, plain and under the image settings');
  const { verify, hash } = measureArgon2('plain');
  const image = measureArgon2('image');
  return { bare, lookup, verify, hash, verifyImage: image.verify, hashImage: image.hash };
}

async function gatehouseLoads(main: Seeded, cookies: string) {
  const bearers = writeLines(join(work, 'bearers.txt'), main.bearers);
  const emails = writeLines(join(work, 'emails.txt'), main.emails);
  // One trusted hop, as behind a proxy: verify then believes the forwarded host that picks a rule.
  return withServer(startGatehouse(main.url, join(work, 'gatehouse.log'), [], { SERVICE_TRUST_PROXY: '1' }), async (s) => {
    log('gatehouse: /users/me by cookie, then by bearer; /auth/verify by cookie, without a rule and under a group rule');
    const cookie = await measure(s.pid, usersMe(s, cookies, 'cookie'));
    const bearer = await measure(s.pid, usersMe(s, bearers, 'bearer'));
    const verify = await measure(s.pid, usersMe(s, cookies, 'cookie', '/api/v1/auth/verify'));
    const verifyRule = await measure(s.pid, verifyForHost(s, cookies, BENCH_RULE_HOST));
    log('gatehouse: the pages, /gatehouse/sign-in signed out and /gatehouse/account by cookie');
    const signInPage = await measure(s.pid, page(s, '/gatehouse/sign-in'));
    const accountPage = await measure(s.pid, usersMe(s, cookies, 'cookie', '/gatehouse/account'));
    log('gatehouse: login, registration');
    const login = await measure(s.pid, post(s, 'login', { BENCH_EMAILS: emails }));
    const register = await measure(s.pid, post(s, 'register', { BENCH_INVITE_CODE: main.inviteCode }), () => ({ BENCH_RUN_ID: `${process.pid}-${++runs}` }));
    log('gatehouse: /healthz during a login storm');
    const probe = { url: `http://127.0.0.1:${s.port}/api/v1/healthz`, script: lua('get'), connections: 1, env: { BENCH_LUA_DIR: join(BENCH, 'lua') } };
    const { storm, probe: healthz } = await measureDuring(s.pid, post(s, 'login', { BENCH_EMAILS: emails }), probe);
    return { cookie, bearer, verify, verifyRule, signInPage, accountPage, login, register, storm, healthz };
  });
}

const scaleLoad = (seeded: Seeded, name: string): Promise<Measured> => {
  const tokens = writeLines(join(work, `${name}-cookies.txt`), seeded.cookies);
  return withServer(startGatehouse(seeded.url, join(work, `${name}.log`)), (s) => measure(s.pid, usersMe(s, tokens, 'cookie')));
};

async function main(): Promise<void> {
  if (!existsSync(GATEHOUSE_MAIN)) throw new Error(`${GATEHOUSE_MAIN} is missing: run npm run build first`);
  ensureWrk();
  const startedAt = new Date().toISOString();
  const loadAverage = loadavg();
  const { main: seeded, small, large } = await seedAll();
  const cookies = writeLines(join(work, 'cookies.txt'), seeded.cookies);
  const refs = await references(seeded, cookies);
  const loads = await gatehouseLoads(seeded, cookies);
  log('scale: /users/me at 1 000 and at 1 000 000 sessions');
  const sessions1k = await scaleLoad(small, 'small');
  const sessions1m = await scaleLoad(large, 'large');
  // BENCH_POSTGRES_URL names a server to create and drop a bench database on; `off` skips PostgreSQL.
  const postgres = process.env.BENCH_POSTGRES_URL === 'off' ? undefined : await postgresSection(work);
  const results: Results = { startedAt, loadAverage, references: refs, gatehouse: { ...loads, sessions1k, sessions1m }, ...(postgres ? { postgres } : {}) };
  const stamp = startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
  const markdown = toMarkdown(results, `Gatehouse benchmark, ${startedAt}`);
  mkdirSync(join(BENCH, 'results'), { recursive: true });
  writeFileSync(join(BENCH, 'results', `${stamp}.md`), markdown);
  writeFileSync(join(BENCH, 'results', `${stamp}.json`), JSON.stringify(results, null, 2));
  console.log(`\n${markdown}\nwritten to bench/results/${stamp}.md`);
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
