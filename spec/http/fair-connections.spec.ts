import { expect } from 'chai';
import { seedAdmin } from '../support/db/seed-admin.js';
import { createTempDatabase, type TempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { keepAliveCrowd, p99, probe, sleep, slowlorisCrowd, type Crowd, type Probe } from '../support/http/load-clients.js';
import { startServerProcess, type ServerProcess } from '../support/http/server-process.js';
import { PASSWORD, uniqueEmail } from '../support/http/users.js';

/** Each client is its own loopback address: the health checker, the attacker (one per test) and a user. */
const CHECKER = '127.0.0.1';
const USER = '127.0.0.3';
const PROBES = ['/api/v1/healthz', '/api/v1/livez', '/api/v1/readyz'];
const WINDOW_MS = 10_000;

interface Measured {
  health: Probe[];
  logins: Probe[];
}

const statuses = (probes: Probe[]): number[] => probes.map((one) => one.status);

/**
 * The process as deployed, with its default limits (1,000 connections in all, 100 per address),
 * and one address that behaves as the outside probe of issue 26 did: it must not lock out the
 * health checks or another address's logins, for as long as it keeps at it.
 */
describe(`Fair connection limits: one address cannot take the service (gatehouse serve, ${ENGINE_LABEL})`, function () {
  this.timeout(120_000);
  let database: TempDatabase;
  let server: ServerProcess;
  let port: number;
  let email: string;

  before(async function () {
    this.timeout(180_000); // may build dist/ first
    database = await createTempDatabase();
    email = uniqueEmail('fair');
    await seedAdmin(database.url, email, 'Fair');
    // The default limits and throttles, as deployed.
    server = await startServerProcess(database.url);
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    expect(await server?.stop()).to.equal(0);
    await database?.cleanup();
  });

  /** Health checks back to back (a fifth of a second apart) and one login a second, for WINDOW_MS. */
  const measureDuring = async (attacker: Crowd): Promise<Measured> => {
    await sleep(2_000); // the crowd connects (and, without a per-address cap, fills the global one)
    const until = performance.now() + WINDOW_MS;
    const health: Probe[] = [];
    const logins: Probe[] = [];
    const checks = async () => {
      while (performance.now() < until) {
        for (const path of PROBES) health.push(await probe({ port, path, localAddress: CHECKER }));
        await sleep(200);
      }
    };
    const signIns = async () => {
      while (performance.now() < until) {
        const body = { email, password: PASSWORD };
        logins.push(await probe({ port, path: '/api/v1/auth/login', localAddress: USER, method: 'POST', body }));
        await sleep(1_000);
      }
    };
    await Promise.all([checks(), signIns()]);
    attacker.stop();
    return { health, logins };
  };

  const report = (what: string, { health, logins }: Measured): void => {
    console.log(
      `      ${what}: ${health.length} health checks p99 ${p99(health).toFixed(1)} ms, ` +
        `${logins.length} logins p99 ${p99(logins).toFixed(1)} ms (${ENGINE_LABEL})`,
    );
  };

  it('1,000 keep-alive connections from one address, a valid request on each every 3 s: health checks and logins from elsewhere all answered', async () => {
    const attacker = keepAliveCrowd(port, '127.0.0.2', 1_000, 3_000);
    const measured = await measureDuring(attacker);
    report('keep-alive crowd of 1,000', measured);
    expect(statuses(measured.health)).to.deep.equal(measured.health.map(() => 200));
    expect(statuses(measured.logins)).to.deep.equal(measured.logins.map(() => 200));
    // Fair, not a ban: the address keeps its share (its requests are answered), and only what is over it is closed.
    expect(attacker.answered()).to.be.greaterThan(100);
    expect(attacker.closed()).to.be.greaterThan(0);
  });

  it('a slowloris of 1,500 sockets from one address that reconnects a second after each close: health checks and logins from elsewhere all answered', async () => {
    const attacker = slowlorisCrowd(port, '127.0.0.4', 1_500);
    const measured = await measureDuring(attacker);
    report('reconnecting slowloris of 1,500', measured);
    expect(statuses(measured.health)).to.deep.equal(measured.health.map(() => 200));
    expect(statuses(measured.logins)).to.deep.equal(measured.logins.map(() => 200));
    expect(attacker.closed()).to.be.greaterThan(0);
  });
});
