/**
 * `tsx bench/storm.ts [sqlite|postgres] [main.js …]`: /healthz with one connection during a login
 * storm (8 connections of POST /auth/login), the load of `npm run bench`, on 10 000 users, for each
 * build given (default: this one), twice in alternation. The loop to use on /healthz's tail.
 * `BENCH_ENV="NAME=value …"` adds to the server's environment, as in the full bench.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { lua, post } from './lib/loads.js';
import { measureDuring } from './lib/measure.js';
import { GATEHOUSE_MAIN } from './lib/servers.js';
import { ensureWrk } from './lib/wrk.js';
import { databaseOn, onServer, seedPostgres } from './seed/seed-postgres.js';
import { seed, writeLines } from './seed/seed.js';

const [engine = 'sqlite', ...mains] = process.argv.slice(2);
const builds = mains.length > 0 ? mains : [GATEHOUSE_MAIN];
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = mkdtempSync(join(tmpdir(), 'gatehouse-storm-'));
const pgName = `gatehouse_bench_${randomBytes(6).toString('hex')}`;

ensureWrk();
console.log(`load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  const shape = { users: 10_000, sessions: 1_000, apiTokens: 0, workingSet: 1_000 };
  let url: string;
  let emails: string[];
  if (engine === 'postgres') {
    await onServer(SERVER_URL, `create database ${pgName}`);
    url = databaseOn(SERVER_URL, pgName);
    emails = (await seedPostgres(url, shape)).emails;
  } else {
    const seeded = await seed({ file: join(work, 'storm.sqlite3'), ...shape });
    url = seeded.url;
    emails = seeded.emails;
  }
  const emailFile = writeLines(join(work, 'emails.txt'), emails);
  for (let round = 0; round < 2; round++) {
    for (const main of round % 2 === 0 ? builds : [...builds].reverse()) {
      process.env.BENCH_GATEHOUSE_MAIN = main;
      const { startGatehouse } = (await import(`./lib/servers.js?${encodeURIComponent(main)}`)) as typeof import('./lib/servers.js');
      const server = await startGatehouse(url, join(work, `${round}.log`));
      try {
        const probe = { url: `http://127.0.0.1:${server.port}/api/v1/healthz`, script: lua('get'), connections: 1, env: { BENCH_LUA_DIR: join(import.meta.dirname, 'lua') } };
        const { storm, probe: healthz } = await measureDuring(server.pid, post(server, 'login', { BENCH_EMAILS: emailFile }), probe);
        console.log(
          `${engine} ${main}: logins ${storm.rps.toFixed(1)}/s (p99 ${storm.p99Ms.toFixed(0)} ms), /healthz ${healthz.rps.toFixed(0)}/s p50 ${healthz.p50Ms.toFixed(2)} ms p99 ${healthz.p99Ms.toFixed(2)} ms, RSS ${storm.rssMb?.toFixed(0)} MB settled (errors ${storm.errors + healthz.errors})`,
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  if (engine === 'postgres') await onServer(SERVER_URL, `drop database if exists ${pgName} with (force)`);
  rmSync(work, { recursive: true, force: true });
}
