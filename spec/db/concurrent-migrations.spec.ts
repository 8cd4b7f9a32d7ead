import { expect } from 'chai';
import { MIGRATIONS } from '../../src/adapters/knex/migrations/migration-source.js';
import { ensureBuilt } from '../support/cli/run-cli.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { startWorker } from '../support/db/worker-process.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';

const INSTANCES = 5;
const ROUNDS = 5;
const ALL = MIGRATIONS.map((migration) => migration.name);

interface Round {
  up: number;
  /** Why the others did not come up (first line of what they printed). */
  failed: string[];
  healthz: number[];
  applied: string[];
}

/** One round: a fresh, empty database, and INSTANCES plain `serve` (which migrates) started at the same moment. */
const startTogether = async (): Promise<Round> => {
  const temp = await createTempDatabase({ migrate: false });
  let up: ServerProcess[] = [];
  try {
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startServerProcess(temp.url, {}, { migrate: true, startTimeoutMs: 60_000 })));
    up = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = started.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason).slice(0, 300)] : []));
    const healthz = await Promise.all(up.map(async (server) => (await fetch(`${server.url}/api/v1/healthz`)).status));
    const rows = (await temp.db.schema.hasTable('knex_migrations'))
      ? ((await temp.db('knex_migrations').select('name', 'batch').orderBy('id')) as { name: string; batch: number }[])
      : [];
    return { up: up.length, failed, healthz, applied: rows.map((row) => `${row.name} (batch ${row.batch})`) };
  } finally {
    await Promise.all(up.map((server) => server.stop()));
    await temp.cleanup();
  }
};

describe(`${INSTANCES} \`gatehouse serve\` started together on one fresh database (${ENGINE_LABEL})`, function () {
  this.timeout(180_000);
  before(function () {
    this.timeout(180_000); // may build dist/ first
    ensureBuilt();
  });

  it(`all come up, and every migration is applied exactly once, in ${ROUNDS} rounds of ${ROUNDS}`, async () => {
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await startTogether());
    const expected: Round = { up: INSTANCES, failed: [], healthz: Array(INSTANCES).fill(200), applied: ALL.map((name) => `${name} (batch 1)`) };
    expect(rounds).to.deep.equal(Array(ROUNDS).fill(expected));
  });

  it(`applies each migration once when ${INSTANCES} processes start migrating at the very same moment`, async () => {
    const temp = await createTempDatabase({ migrate: false });
    try {
      const workers = Array.from({ length: INSTANCES }, () => startWorker('./migrate-worker.ts', [temp.url]));
      await Promise.all(workers.map((worker) => worker.ready));
      for (const worker of workers) worker.send('go');
      const outcomes = (await Promise.all(workers.map((worker) => worker.output))).map((out) => JSON.parse(out) as { applied?: string[] });
      const applied = outcomes.flatMap((outcome) => outcome.applied ?? [`failed: ${String((outcome as { error?: string }).error)}`]).sort();
      expect(applied).to.deep.equal([...ALL].sort());
    } finally {
      await temp.cleanup();
    }
  });
});
