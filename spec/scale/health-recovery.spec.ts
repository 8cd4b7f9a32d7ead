import { expect } from 'chai';
import { ensureBuilt } from '../support/cli/run-cli.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../support/db/temp-postgres-database.js';
import { call, type Reply } from './support/client.js';
import { gatehouse, startInstance, type Instance } from './support/instance.js';

// How long the probe keeps polling for recovery; a hung probe fails through mocha's timeout instead.
const RECOVERY_POLL_MS = 11_000;

const healthz = (instance: Instance): Promise<Reply> => call(instance.url, 'GET', '/healthz');

/** Polls until healthz answers `status`, as a load balancer would; gives up after `withinMs`. */
const healthzUntil = async (instance: Instance, status: number, withinMs: number): Promise<Reply> => {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const reply = await healthz(instance);
    if (reply.status === status || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('an instance whose PostgreSQL database goes away and comes back', function () {
  this.timeout(60_000);
  let temp: TempPostgresDatabase;
  let instance: Instance;

  before(async function () {
    this.timeout(180_000); // may build dist/ first
    ensureBuilt();
    temp = await createTempPostgresDatabase({ migrate: false });
    expect((await gatehouse(temp.url, ['migrate', 'latest'])).code).to.equal(0);
    instance = await startInstance(temp.url, { SERVICE_DATABASE_POOL_MAX: '2' });
  });
  after(async () => {
    await instance?.stop();
    await temp?.cleanup();
  });

  it('answers 200, then 503 {"status":"unavailable"} promptly while unreachable, then 200 again by itself', async () => {
    expect(await healthz(instance)).to.include({ status: 200 });
    await temp.makeUnreachable();
    const down = await healthz(instance);
    expect([down.status, down.body]).to.deep.equal([503, { status: 'unavailable' }]);
    expect((await healthz(instance)).status, 'still down on the next probe').to.equal(503);
    await temp.makeReachable();
    // No restart: the same process, whose pool replaces the connections it lost.
    const up = await healthzUntil(instance, 200, RECOVERY_POLL_MS);
    expect([up.status, up.body]).to.deep.equal([200, { status: 'ok' }]);
    const login = await call(instance.url, 'POST', '/auth/login', {}, { email: 'nobody@example.com', password: 'x' });
    expect(login.status, 'a route that reads the database works again').to.equal(401);
  });
});
