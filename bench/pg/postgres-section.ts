import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { GET_CONNECTIONS, log, lua, post, usersMe, withServer } from '../lib/loads.js';
import { measure, measureDuring } from '../lib/measure.js';
import type { PostgresResults } from '../lib/results.js';
import { COOKIE_NAME, startGatehouse, startReference } from '../lib/servers.js';
import { databaseOn, onServer, seedPostgres } from '../seed/seed-postgres.js';
import { writeLines } from '../seed/seed.js';

/** The local server of the test suite; the bench creates its own database there and drops it. */
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Gatehouse's default pool (SERVICE_DATABASE_POOL_MAX), and the same for reference (b-pg). */
const POOL_MAX = 10;

/**
 * The /users/me, /auth/verify, login and registration loads on a fresh PostgreSQL database with
 * 100 000 users and sessions, next to reference (b-pg) measured in the same run.
 */
export async function postgresSection(work: string): Promise<PostgresResults> {
  const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
  await onServer(SERVER_URL, `create database ${name}`);
  try {
    const url = databaseOn(SERVER_URL, name);
    log(`postgres: seeding ${name} with 100 000 users and 100 000 sessions`);
    const seeded = await seedPostgres(url, { users: 100_000, sessions: 100_000, apiTokens: 1_000, workingSet: 1_000 });
    const cookies = writeLines(join(work, 'pg-cookies.txt'), seeded.cookies);
    const bearers = writeLines(join(work, 'pg-bearers.txt'), seeded.bearers);
    const emails = writeLines(join(work, 'pg-emails.txt'), seeded.emails);
    log('postgres: reference (b-pg): SHA-256 + two prepared lookups through pg');
    const referenceEnv = { BENCH_DB: url, BENCH_COOKIE_NAME: COOKIE_NAME, BENCH_POOL_MAX: String(POOL_MAX) };
    const lookup = await withServer(startReference('lookup-server-pg', referenceEnv, join(work, 'b-pg.log')), (s) => measure(s.pid, usersMe(s, cookies, 'cookie')));
    const env = { SERVICE_DATABASE_POOL_MAX: String(POOL_MAX) };
    const loads = await withServer(startGatehouse(url, join(work, 'gatehouse-pg.log'), [], env), async (s) => {
      log('postgres: /users/me by cookie, by bearer; /auth/verify; login; registration');
      const cookie = await measure(s.pid, usersMe(s, cookies, 'cookie'));
      const bearer = await measure(s.pid, usersMe(s, bearers, 'bearer'));
      const verify = await measure(s.pid, usersMe(s, cookies, 'cookie', '/api/v1/auth/verify'));
      const login = await measure(s.pid, post(s, 'login', { BENCH_EMAILS: emails }));
      let runs = 0;
      const register = await measure(s.pid, post(s, 'register', { BENCH_INVITE_CODE: seeded.inviteCode }), () => ({ BENCH_RUN_ID: `pg-${process.pid}-${++runs}` }));
      log('postgres: /healthz during a login storm');
      const probe = { url: `http://127.0.0.1:${s.port}/api/v1/healthz`, script: lua('get'), connections: 1, env: { BENCH_LUA_DIR: join(import.meta.dirname, '..', 'lua') } };
      const { storm, probe: healthz } = await measureDuring(s.pid, post(s, 'login', { BENCH_EMAILS: emails }), probe);
      return { cookie, bearer, verify, login, register, storm, healthz };
    });
    return { poolMax: POOL_MAX, connections: GET_CONNECTIONS, lookup, ...loads };
  } finally {
    await onServer(SERVER_URL, `drop database if exists ${name} with (force)`);
  }
}
