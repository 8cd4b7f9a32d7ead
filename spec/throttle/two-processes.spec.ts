import { expect } from 'chai';
import { freePort } from '../support/http/free-port.js';
import { startWorker, type WorkerProcess } from '../support/db/worker-process.js';
import { startHarness, type DatabaseHarness } from '../support/http/harness.js';
import { ORIGIN, PASSWORD } from '../support/constants.js';


describe('two server processes on one database', () => {
  let t: DatabaseHarness;
  const workers: WorkerProcess[] = [];
  const ports: number[] = [];
  before(async function () {
    this.timeout(30_000);
    t = await startHarness({}, {}, undefined, { throttled: true });
    await t.service.useCases.createAdmin({ email: 'ada@example.com', password: PASSWORD });
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const env = { SERVICE_DATABASE_URL: t.databaseUrl, SERVICE_PUBLIC_URL: ORIGIN, PORT: String(port) };
      workers.push(startWorker('../../throttle/server-worker.ts', [], env));
      ports.push(port);
    }
    await Promise.all(workers.map((w) => w.ready));
  });
  after(async () => {
    for (const worker of workers) worker.send('stop');
    await Promise.all(workers.map((w) => w.output));
    await t.close();
  });

  const login = (port: number, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'ada@example.com', password }),
    });

  it('share the per-email failure count: 5 failures on each, then both refuse the right password', async function () {
    this.timeout(30_000);
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => login(ports[i % 2]!, 'wrong password')));
    expect(failures.map((res) => res.status)).to.deep.equal(Array(10).fill(401));
    for (const port of ports) {
      const refused = await login(port, PASSWORD);
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 900);
    }
  });
});
