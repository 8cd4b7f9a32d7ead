import { expect } from 'chai';
import { backoffDelayMs } from '../../src/adapters/availability/backoff.js';
import { ensureBuilt } from '../support/cli/run-cli.js';
import { startCountingProxy, type CountingProxy } from '../support/db/counting-proxy.js';
import { createTempPostgresDatabase, type TempPostgresDatabase } from '../support/db/temp-postgres-database.js';
import { call, type Reply } from './support/client.js';
import { gatehouse, startInstance, type Instance } from './support/instance.js';
import { PASSWORD } from '../support/constants.js';

const POOL_MAX = 4;
const CLIENTS = 8;
const OUTAGE_MS = 4_000;
const RECOVERY_POLL_MS = 15_000;
const ADMIN = 'ops@example.com';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most probes the back-off lets through in `ms` after the outage began (every jitter at its shortest). */
const probesWithin = (ms: number): number => {
  let probes = 0;
  for (let at = backoffDelayMs(1, 0); at <= ms; at += backoffDelayMs(probes + 1, 0)) probes += 1;
  return probes;
};

interface Sample {
  path: string;
  phase: string;
  reply: Reply;
}

describe('an instance whose PostgreSQL goes away under load and comes back', function () {
  this.timeout(90_000);
  let temp: TempPostgresDatabase;
  let proxy: CountingProxy;
  let instance: Instance;
  let samples: Sample[];
  let recovered: Reply;
  let attempts: number;
  let outageMs: number;
  let lines: string[];

  const during = (path: string): Reply[] => samples.filter((s) => s.path === path && s.phase === 'outage').map((s) => s.reply);

  before(async function () {
    this.timeout(180_000); // may build dist/ first
    ensureBuilt();
    temp = await createTempPostgresDatabase();
    expect((await gatehouse(temp.url, ['create-admin', '--email', ADMIN, '--password-stdin'], PASSWORD)).code).to.equal(0);
    const { hostname, port } = new URL(temp.url);
    proxy = await startCountingProxy({ host: hostname, port: Number(port || 5432) });
    instance = await startInstance(proxy.urlFor(temp.url), { SERVICE_DATABASE_POOL_MAX: String(POOL_MAX), SERVICE_LOG_LEVEL: 'info' });
    const { session } = await call(instance.url, 'POST', '/auth/login', {}, { email: ADMIN, password: PASSWORD });

    let phase = 'before';
    let running = true;
    samples = [];
    const client = async (n: number): Promise<void> => {
      const path = ['/healthz', '/readyz', '/livez'][n] ?? '/users/me';
      while (running) {
        const startedIn = phase;
        const reply = await call(instance.url, 'GET', path, { session: session ?? '' });
        // Only requests that began and ended inside one phase say something about it.
        samples.push({ path, phase: startedIn === phase ? phase : 'transition', reply });
        await sleep(10);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    await sleep(500);
    const acceptedBefore = proxy.accepted();
    const cutAt = Date.now();
    phase = 'outage';
    proxy.cut();
    await sleep(OUTAGE_MS);
    phase = 'after';
    attempts = proxy.accepted() - acceptedBefore;
    outageMs = Date.now() - cutAt;
    proxy.restore();
    const deadline = Date.now() + RECOVERY_POLL_MS;
    do recovered = await call(instance.url, 'GET', '/users/me', { session: session ?? '' });
    while (recovered.status !== 200 && Date.now() < deadline && (await sleep(100), true));
    running = false;
    await load;
    await instance.stop();
    lines = instance.stdout().split('\n').filter((line) => line !== '');
  });
  after(async () => {
    await instance?.stop();
    await proxy?.close();
    await temp?.cleanup();
  });

  it('answers every data request during the outage 503 unavailable, problem+json with a Retry-After of 1–8 s', () => {
    const replies = during('/users/me');
    expect(replies.length, 'requests made during the outage').to.be.greaterThan(CLIENTS);
    const shapes = new Set(replies.map((r) => `${r.status} ${String(r.body.code)} ${r.contentType} ${/^[1-8]$/.test(r.retryAfter ?? '')}`));
    expect([...shapes]).to.deep.equal(['503 unavailable application/problem+json; charset=utf-8 true']);
  });

  it('answers /healthz 503 {"status":"unavailable"} meanwhile, and never 500 on any route at any time', () => {
    expect(new Set(during('/healthz').map((r) => `${r.status} ${JSON.stringify(r.body)}`))).to.deep.equal(
      new Set(['503 {"status":"unavailable"}']),
    );
    expect(samples.filter((s) => s.reply.status >= 500 && s.reply.status !== 503)).to.deep.equal([]);
  });

  it('answers /readyz 503 {"status":"unavailable"} meanwhile, while /livez stays 200: no restart is asked for', () => {
    expect(new Set(during('/readyz').map((r) => `${r.status} ${JSON.stringify(r.body)}`))).to.deep.equal(
      new Set(['503 {"status":"unavailable"}']),
    );
    expect(new Set(during('/livez').map((r) => `${r.status} ${JSON.stringify(r.body)}`))).to.deep.equal(new Set(['200 {"status":"ok"}']));
  });

  it('serves again by itself, without a restart, once the database is back', () => {
    expect([recovered.status, recovered.body.email]).to.deep.equal([200, ADMIN]);
  });

  it(`tries at most ${POOL_MAX} connections as the outage begins, then one per back-off interval`, () => {
    expect(attempts, `${attempts} connection attempts in ${outageMs} ms`).to.be.within(1, POOL_MAX + probesWithin(outageMs));
  });

  it('writes only JSON lines to stdout, and logs the outage once as it starts and once as it ends', () => {
    const unparsable = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(unparsable).to.deep.equal([]);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = records.filter((r) => typeof r.event === 'string' && String(r.event).startsWith('database_'));
    expect(events.map((r) => [r.level, r.event])).to.deep.equal([
      [40, 'database_unavailable'],
      [40, 'database_available'],
    ]);
    expect(events[1]?.duration_ms).to.be.a('number').greaterThan(0);
    expect(records.filter((r) => Number(r.level) >= 50 || 'err' in r || 'stack' in r)).to.deep.equal([]);
  });
});
