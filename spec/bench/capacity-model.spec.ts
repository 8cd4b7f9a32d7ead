import { expect } from 'chai';
import { modelOf, type MeasuredPhase } from '../../bench/capacity/capacity-run.js';
import { peakRates, perDay, TEN_MILLION } from '../../bench/capacity/daily-pattern.js';
import { bottleneck, costOf, instancesAdmitted, limitsOf, sharedLimitsOf, splitTouches, utilisation, type Deployment, type RequestCost, type Work } from '../../bench/capacity/model.js';
import { checkAgainst, predictFleet, primaryCeiling, REFERENCE_FLEET } from '../../bench/capacity/predictions.js';
import { size } from '../../bench/capacity/sizing.js';
import type { Window } from '../../bench/capacity/window.js';
import { touchFullPageImages } from '../../bench/capacity/full-page-images.js';
import { machineBusyMsOf } from '../../bench/lib/proc.js';

const cost = (overrides: Partial<RequestCost> = {}): RequestCost => ({
  eventLoopMs: 0.2,
  instanceMs: 0.25,
  hashMs: 0,
  postgresMs: 0.1,
  walBytes: 0,
  connectionMs: 0.05,
  transactions: 1,
  loadGeneratorMs: 0.05,
  ...overrides,
});

/** A 10 s window of `rps` requests a second whose every total is the per-request figure times the requests. */
const windowOf = (rps: number, each: Partial<RequestCost> & { instances?: number } = {}): Window => {
  const c = cost(each);
  const requests = rps * 10;
  const instances = each.instances ?? 1;
  return {
    requests,
    p99Ms: 10,
    errors: 0,
    seconds: 10,
    instances: Array.from({ length: instances }, () => ({ cpuMs: (c.instanceMs * requests) / instances, mainThreadCpuMs: (c.eventLoopMs * requests) / instances })),
    postgres: { cpuMs: c.postgresMs * requests, walBytes: c.walBytes * requests, fullPageBytes: 0, serverWalBytes: 3 * c.walBytes * requests, transactions: c.transactions * requests, meanBusyConnections: (c.connectionMs * requests) / 10_000, meanInTransaction: 0, meanWalWait: 0, maxOpenConnections: 10, samples: 200 },
    generator: { cpuMs: c.loadGeneratorMs * requests },
    machine: { busyMs: 20_000, cores: 2 },
  };
};

const fleet = (instances: number, overrides: Partial<Deployment> = {}): Deployment => ({ ...REFERENCE_FLEET, instances, ...overrides });

describe('the capacity model (bench/capacity)', () => {
  it('prices a request from a window: each total over the requests, a busy backend by Little’s law, the hash as the CPU off the event loop', () => {
    const c = costOf(windowOf(1_000, { eventLoopMs: 3, instanceMs: 23, postgresMs: 0.5, walBytes: 2_000, connectionMs: 0.8, transactions: 4, loadGeneratorMs: 0.2, instances: 2 }), true);
    expect(c.eventLoopMs).to.be.closeTo(3, 1e-9);
    expect(c.instanceMs).to.be.closeTo(23, 1e-9);
    expect(c.hashMs).to.be.closeTo(20, 1e-9);
    expect(c.postgresMs).to.be.closeTo(0.5, 1e-9);
    expect(c.walBytes).to.be.closeTo(2_000, 1e-9);
    expect(c.connectionMs).to.be.closeTo(0.8, 1e-9);
    expect(c.transactions).to.be.closeTo(4, 1e-9);
    expect(c.loadGeneratorMs).to.be.closeTo(0.2, 1e-9);
    expect(costOf(windowOf(1_000, { eventLoopMs: 3, instanceMs: 23 }), false).hashMs).to.equal(0);
  });

  it('takes the database’s own WAL records without full-page images when pg_walinspect read them, and the whole server’s WAL when not', () => {
    const w = windowOf(1_000, { walBytes: 500 });
    expect(costOf(w, false).walBytes).to.be.closeTo(500, 1e-9);
    expect(costOf({ ...w, postgres: { ...w.postgres, fullPageBytes: 200 * 10_000 } }, false).walBytes).to.be.closeTo(300, 1e-9);
    expect(costOf({ ...w, postgres: { ...w.postgres, walBytes: null, fullPageBytes: null } }, false).walBytes).to.be.closeTo(1_500, 1e-9);
  });

  it('splits a session check from its touch with two windows, whichever share of touches each has', () => {
    const [plain, touch] = [cost({ postgresMs: 0.1, walBytes: 0 }), cost({ postgresMs: 0.5, walBytes: 400, eventLoopMs: 0.05 })];
    const mixed = (requests: number, touches: number) => ({
      requests,
      touches,
      cost: Object.fromEntries(Object.keys(plain).map((k) => [k, (plain[k as keyof RequestCost] * requests + touch[k as keyof RequestCost] * touches) / requests])) as unknown as RequestCost,
    });
    for (const [a, b] of [[mixed(50_000, 0), mixed(40_000, 17_000)], [mixed(3_000, 600), mixed(2_500, 2_000)]] as const) {
      const split = splitTouches(a, b);
      expect(split.plain.postgresMs).to.be.closeTo(0.1, 1e-9);
      expect(split.touch.postgresMs).to.be.closeTo(0.5, 1e-9);
      expect(split.touch.walBytes).to.be.closeTo(400, 1e-9);
      expect(split.touch.eventLoopMs).to.be.closeTo(0.05, 1e-9);
    }
    expect(() => splitTouches(mixed(1_000, 500), mixed(1_000, 0))).to.throw(/larger share/);
  });

  it('limits each kind of request by the resource it fills first, the instances’ resources growing with N and the primary’s not', () => {
    const session = cost({ eventLoopMs: 0.2, instanceMs: 0.25, postgresMs: 0.1, connectionMs: 0.05, transactions: 1 });
    const one = limitsOf(session, fleet(1));
    expect(one['event loop']).to.be.closeTo(5_000, 1e-6);
    expect(one['instance CPU']).to.be.closeTo(8_000, 1e-6);
    expect(one['pool connections']).to.be.closeTo(10_000 / 0.55, 1e-6);
    expect(one['primary CPU']).to.be.closeTo(80_000, 1e-6);
    expect(one.WAL).to.equal(Infinity);
    expect(one['argon2 threads']).to.equal(Infinity);
    expect(bottleneck(one)).to.deep.equal({ rate: one['event loop'], resource: 'event loop' });
    expect(bottleneck(limitsOf(session, fleet(8)))).to.deep.equal({ rate: 40_000, resource: 'event loop' });
    expect(bottleneck(limitsOf(session, fleet(32))).resource).to.equal('primary CPU');
    const login = cost({ eventLoopMs: 3, instanceMs: 23, hashMs: 20 });
    expect(bottleneck(limitsOf(login, fleet(1, { coresPerInstance: 8, hashThreads: 4 })))).to.deep.equal({ rate: 200, resource: 'argon2 threads' });
  });

  it('on one shared machine, prices the instances, PostgreSQL and the load generator out of the same cores', () => {
    const session = cost({ eventLoopMs: 0.3, instanceMs: 0.35, postgresMs: 0.1, loadGeneratorMs: 0.05 });
    const limits = sharedLimitsOf(session, { instances: 2, cores: 2, hashThreads: 2, poolMax: 10 });
    expect(limits['machine CPU']).to.be.closeTo(4_000, 1e-6);
    expect(limits['event loop']).to.be.closeTo(20_000 / 3, 1e-6);
    expect(bottleneck(sharedLimitsOf(session, { instances: 1, cores: 2, hashThreads: 2, poolMax: 10 })).resource).to.equal('event loop');
    expect(bottleneck(limits).resource).to.equal('machine CPU');
  });

  it('adds a mix’s shares of each resource, and sizes the fleet and the primary to the target', () => {
    const costs: Partial<Record<Work, RequestCost>> = { session: cost({ eventLoopMs: 0.2, postgresMs: 0.1 }), userinfo: cost({ eventLoopMs: 0.4, postgresMs: 1.6 }) };
    const full = utilisation({ session: 2_000, userinfo: 1_000 }, costs, fleet(2));
    expect(full['event loop']).to.be.closeTo((2_000 * 0.2 + 1_000 * 0.4) / 2_000, 1e-9);
    expect(full['primary CPU']).to.be.closeTo((2_000 * 0.1 + 1_000 * 1.6) / 8_000, 1e-9);
    const { primaryCores: _p, ...shape } = REFERENCE_FLEET;
    // The primary needs 1.8 cores: 2 would be 90 % full, so the 70 % target takes 4.
    const sizing = size({ session: 2_000, userinfo: 1_000 }, costs, shape, 0.7);
    expect(sizing.deployment.instances).to.equal(2);
    expect(sizing.deployment.primaryCores).to.equal(4);
    expect(sizing.first).to.equal('primary CPU');
    expect(sizing.headroom).to.be.closeTo(1 / 0.45, 1e-9);
  });

  it('finds the primary’s ceiling for each load, its CPU or its WAL, and the instances that reach it', () => {
    const reads = cost({ eventLoopMs: 0.2, instanceMs: 0.25, postgresMs: 0.1 });
    const writes = cost({ eventLoopMs: 5, instanceMs: 7, postgresMs: 1, walBytes: 50_000 });
    const ceiling = primaryCeiling({ session: reads, userinfo: reads, refresh: writes, login: writes });
    expect(ceiling[0]).to.deep.equal({ load: 'session', rate: 80_000, resource: 'primary CPU', instances: 16 });
    expect(ceiling.find((c) => c.load === 'refresh')).to.deep.equal({ load: 'refresh', rate: 2_000, resource: 'WAL', instances: 10 });
  });

  it('admits as many instances as max_connections leaves pools for', () => {
    expect(instancesAdmitted(10)).to.equal(8);
    expect(instancesAdmitted(5)).to.equal(17);
  });

  it('turns the daily pattern into a day’s work and the busiest hour’s rates', () => {
    const day = perDay(TEN_MILLION);
    expect(day.session).to.equal(600_000_000);
    expect(day.touch).to.equal(240_000_000);
    expect(day.login).to.be.closeTo(600_000, 1e-6);
    expect(day.refresh).to.equal(12_000_000);
    expect(day.userinfo).to.equal(100_000_000);
    const peak = peakRates(TEN_MILLION);
    expect(peak.session).to.be.closeTo((600_000_000 / 86_400) * 3, 1e-6);
    expect(peak.login).to.be.closeTo((600_000 / 86_400) * 5, 1e-6);
  });

  it('builds the model from the one-instance windows alone and checks it against both', () => {
    const phase = (load: Work, instances: number, rps: number, each: Partial<RequestCost>, touches: number | null = null): MeasuredPhase => ({
      load,
      instances,
      window: windowOf(rps, { ...each, instances }),
      warmUp: windowOf(rps, { ...each, instances }),
      warmUpStartedAt: new Date(0),
      windowStartedAt: new Date(0),
      touches: touches === null ? null : { warmUp: 0, window: touches },
    });
    const reads = { eventLoopMs: 0.2, instanceMs: 0.3, postgresMs: 0.1, loadGeneratorMs: 0.1 };
    const run = modelOf({
      startedAt: new Date(0),
      made: { commit: 'x', build: { main: 'x', builtAt: null }, cores: 2, loadAtStart: [0, 0, 0] },
      cores: 2,
      poolMax: 10,
      loadAtEnd: [0, 0, 0],
      sessionsTable: { rows: 100_000, heapBytes: 22_118_400, indexBytes: 20_000_000 },
      phases: [
        phase('session', 2, 3_000, { ...reads, postgresMs: 9 }, 0),
        phase('session', 1, 4_000, reads, 0),
        phase('touch', 1, 3_000, { ...reads, postgresMs: 0.3 }, 10_000),
        phase('userinfo', 1, 1_000, reads),
        phase('refresh', 1, 300, reads),
        phase('login', 1, 60, { eventLoopMs: 3, instanceMs: 23, postgresMs: 1 }),
      ],
    });
    expect(run.costs.session.postgresMs).to.be.closeTo(0.1, 1e-9);
    expect(run.costs.touch.postgresMs).to.be.closeTo(((0.3 - 0.1) * 30_000) / 10_000, 1e-9);
    expect(run.costs.login.hashMs).to.be.closeTo(20, 1e-9);
    const session = run.checks.filter((c) => c.load === 'session');
    expect(session.map((c) => [c.instances, Math.round(c.rate), c.resource, c.measured])).to.deep.equal([
      [1, 4_000, 'machine CPU', 4_000],
      [2, 4_000, 'machine CPU', 3_000],
    ]);
    expect(session[1]!.error).to.be.closeTo(1 / 3, 1e-9);
    expect(run.checks.filter((c) => c.load === 'login').map((c) => c.instances)).to.deep.equal([1]);
    expect(run.fleet).to.have.length(16);
    expect(run.tenMillion.sizing.deployment.instances).to.be.greaterThan(0);
    expect(run.tenMillion.fullPageImages.fiveMinutes).to.be.closeTo(3 * run.tenMillion.fullPageImages.fifteenMinutes, 1e5);
  });

  it('reads the error of a prediction against what was measured, and skips a load not measured', () => {
    const checks = checkAgainst(
      [
        { load: 'session', instances: 2, rate: 5_000, resource: 'machine CPU' },
        { load: 'login', instances: 2, rate: 60, resource: 'machine CPU' },
      ],
      [{ load: 'session', instances: 2, rps: 4_000 }],
    );
    expect(checks).to.deep.equal([{ load: 'session', instances: 2, rate: 5_000, resource: 'machine CPU', measured: 4_000, error: 0.25 }]);
    expect(predictFleet({ session: cost(), login: cost(), refresh: cost(), userinfo: cost() }, REFERENCE_FLEET, [1, 3]).map((p) => p.instances)).to.deep.equal([1, 1, 1, 1, 3, 3, 3, 3]);
  });

  it('bounds the touches’ full-page images by the heap pages a checkpoint interval reaches', () => {
    // 221 bytes a row: 5 000 000 sessions on 135 000 pages; 8 333 touches a second reach 500 000 sessions an interval.
    const table = { rows: 100_000, heapBytes: 22_118_400, indexBytes: 20_000_000 };
    const dirtied = 135_000 * (1 - Math.exp(-500_000 / 135_000));
    expect(touchFullPageImages(5_000_000, table, 500_000 / 60, 300)).to.be.closeTo((dirtied * 8_192) / 300, 1);
    expect(touchFullPageImages(5_000_000, table, 1, 300)).to.be.closeTo((8_192 * 60) / 300, 1);
    expect(touchFullPageImages(1_000, table, 500_000 / 60, 300)).to.be.closeTo((27 * (1 - Math.exp(-1_000 / 27)) * 8_192) / 300, 1);
  });

  it('reads the machine’s busy time from /proc/stat, idle and iowait left out', () => {
    expect(machineBusyMsOf('cpu  100 5 50 1000 40 3 2 1 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')).to.equal((100 + 5 + 50 + 3 + 2 + 1) * 10);
  });
});
