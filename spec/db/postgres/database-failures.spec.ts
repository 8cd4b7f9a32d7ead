import { expect } from 'chai';
import type { Knex } from 'knex';
import { OutageTracker } from '../../../src/adapters/availability/outage-tracker.js';
import { openDatabase } from '../../../src/adapters/knex/connection/connection.js';
import { databaseFailureOf } from '../../../src/adapters/knex/connection/database-unavailable.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { startCountingProxy, type CountingProxy } from '../../support/db/counting-proxy.js';
import { onServer } from '../../support/db/postgres-admin.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../../support/db/temp-postgres-database.js';

const failureOf = (query: Promise<unknown>): Promise<string | null> =>
  query.then(
    () => 'no error',
    (error: unknown) => databaseFailureOf(error),
  );

describe('PostgreSQL: what the driver throws when the database goes away, and the gated pool', () => {
  let temp: TempPostgresDatabase;
  let proxy: CountingProxy;
  let db: Knex;
  let tracker: OutageTracker;

  beforeEach(async () => {
    temp = await createTempPostgresDatabase();
    const { hostname, port } = new URL(temp.url);
    proxy = await startCountingProxy({ host: hostname, port: Number(port || 5432) });
    // A clock that stands still: once down, no probe ever becomes due while the spec runs.
    const frozen = Date.now();
    tracker = new OutageTracker({ now: () => frozen, random: Math.random, log: createLogger('silent') });
    db = openDatabase(proxy.urlFor(temp.url), { poolMax: 4, gate: tracker });
  });
  afterEach(async () => {
    await db.destroy();
    await proxy.close();
    await temp.cleanup();
  });

  it('classifies a backend terminated mid-query (57P01) as unreachable, and a constraint error as nothing of the kind', async () => {
    expect(await failureOf(db.raw('select 1 / 0'))).to.equal(null);
    const sleeping = db.raw("select pg_sleep(5) from (select set_config('application_name', 'victim', false)) s");
    const outcome = failureOf(sleeping);
    while ((await temp.db.raw("select pid from pg_stat_activity where application_name = 'victim'")).rows.length === 0);
    await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'victim'`);
    expect(await outcome).to.equal('unreachable');
  });

  it('classifies a refused connection (allow_connections off) as unreachable', async () => {
    await temp.makeUnreachable();
    expect(await failureOf(db.raw('select 1'))).to.equal('unreachable');
    expect(tracker.isDown()).to.equal(true);
  });

  it('once one connection has failed, answers every other query without opening a connection until a probe is due', async () => {
    proxy.cut();
    expect(await failureOf(db.raw('select 1'))).to.equal('unreachable');
    const after = proxy.accepted();
    const refused = await Promise.all(Array.from({ length: 20 }, () => failureOf(db.raw('select 1'))));
    expect([refused.every((kind) => kind === 'unreachable'), proxy.accepted() - after]).to.deep.equal([true, 0]);
  });
});
