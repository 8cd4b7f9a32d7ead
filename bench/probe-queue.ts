/**
 * `tsx bench/probe-queue.ts`: why /healthz queued during a login storm on SQLite, without argon2
 * and without HTTP, so that a shared machine's load blurs it less. Eight writers run login-shaped
 * transactions (BEGIN IMMEDIATE, three statements with an await between each, COMMIT) on the
 * service's own SQLite connection settings while a probe runs `select 1` every 5 ms, either
 * through knex's pool (round 2's /healthz) or on the read connection (round 3's), under
 * synchronous=FULL (round 2) and NORMAL (round 3). Prints the probe's p50/p99 delay (from when it is due to its answer) per variant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/adapters/knex/connection/connection.js';
import { sqliteReaderFor } from '../src/adapters/knex/hot-path/sqlite-reader.js';

const SECONDS = Number(process.env.BENCH_MEASURE_S ?? 4);
const WRITERS = 8;
const work = mkdtempSync(join(tmpdir(), 'gatehouse-probe-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

console.log(`load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  for (const synchronous of ['FULL', 'NORMAL']) {
    for (const probeOn of ['pool', 'reader'] as const) {
      const db = openDatabase(`sqlite://${join(work, `${synchronous}-${probeOn}.sqlite3`)}`);
      await db.schema.createTable('t', (t) => {
        t.increments('id');
        t.string('v');
      });
      await db.raw(`pragma synchronous = ${synchronous}`); // the pool's one connection
      const reader = sqliteReaderFor(db);
      const until = performance.now() + SECONDS * 1000;
      let commits = 0;
      const writer = async (): Promise<void> => {
        while (performance.now() < until) {
          await db.transaction(async (trx) => {
            await trx('t').insert({ v: 'session' });
            await trx('t').insert({ v: 'event' });
            await trx('t').where({ id: 1 }).update({ v: 'last_login_at' });
          });
          commits += 1;
          await new Promise(setImmediate); // the next login arrives as I/O does: the loop turns between them
        }
      };
      const waits: number[] = [];
      const probe = async (): Promise<void> => {
        while (performance.now() < until) {
          // From when the probe is due to its answer: the loop's blocking (a COMMIT's fsync) and the pool's queue.
          const due = performance.now() + 5;
          await sleep(5);
          if (probeOn === 'pool') await db.raw('select 1');
          else reader.prepare('select 1').get();
          waits.push(performance.now() - due);
        }
      };
      await Promise.all([...Array.from({ length: WRITERS }, writer), probe()]);
      console.log(
        `synchronous=${synchronous.padEnd(6)} probe on ${probeOn.padEnd(6)}: ${(commits / SECONDS).toFixed(0).padStart(5)} commits/s, probe p50 ${percentile(waits, 0.5).toFixed(2)} ms, p99 ${percentile(waits, 0.99).toFixed(2)} ms (${waits.length} probes)`,
      );
      await db.destroy();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
