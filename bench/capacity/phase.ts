import { refresh, type OidcTarget } from '../../spec/support/oidc/headless-flow.js';
import { forSeconds, loop } from '../lib/client-loop.js';
import { MEASURE_S, WARMUP_S } from '../lib/measure.js';
import { cpuMsOf, machineBusyMsOf, mainThreadCpuMsOf, selfAndChildrenCpuMs } from '../lib/proc.js';
import { runWrk, type WrkLoad } from '../lib/wrk.js';
import type { PostgresMeter } from './postgres-meter.js';
import { windowBetween, type Driven, type Snapshot, type Window } from './window.js';

/** Applies a load for `seconds` and counts what it got. */
export type Driver = (seconds: number) => Promise<Driven>;

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** wrk processes side by side, one a load (one an instance): requests and errors add up; the p99 is the worst of theirs. */
export const wrkSideBySide =
  (loads: Omit<WrkLoad, 'seconds'>[]): Driver =>
  async (seconds) => {
    const results = await Promise.all(loads.map((load) => runWrk({ ...load, seconds })));
    return { requests: sum(results.map((r) => r.requests)), p99Ms: Math.max(...results.map((r) => r.p99Ms)), errors: sum(results.map((r) => r.errors)) };
  };

/** Refresh chains, each sending the token its previous refresh returned; chain i goes to instance i mod n. */
export const refreshChains =
  (targets: OidcTarget[], tokens: string[], pid: number): Driver =>
  async (seconds) => {
    const step = async (chain: number): Promise<void> => {
      tokens[chain] = (await refresh(targets[chain % targets.length]!, tokens[chain]!)).refresh_token!;
    };
    // loop() prices its CPU on one process: the windows here price every process themselves.
    const { requests, p99Ms, errors } = await loop(pid, tokens.length, forSeconds(seconds), step);
    return { requests, p99Ms, errors };
  };

const snapshot = async (pids: number[], meter: PostgresMeter): Promise<Snapshot> => {
  const postgres = await meter.mark();
  const instances = pids.map((pid) => ({ cpuMs: cpuMsOf(pid), mainThreadCpuMs: mainThreadCpuMsOf(pid) }));
  return { atMs: performance.now(), instances, postgres, generatorMs: selfAndChildrenCpuMs(), machineBusyMs: machineBusyMsOf() };
};

export interface Phase {
  warmUp: Window;
  window: Window;
  warmUpStartedAt: Date;
  windowStartedAt: Date;
}

/**
 * BENCH_WARMUP_S of `warmUp` (by default the load itself), then BENCH_MEASURE_S of the load: each a
 * window over the instances `pids`, PostgreSQL, the load generator and the machine.
 */
export async function measurePhase(pids: number[], meter: PostgresMeter, drive: Driver, cores: number, warmUp = drive): Promise<Phase> {
  const warmUpStartedAt = new Date();
  const a = await snapshot(pids, meter);
  const warm = await warmUp(WARMUP_S);
  const windowStartedAt = new Date();
  const b = await snapshot(pids, meter);
  const measured = await drive(MEASURE_S);
  const c = await snapshot(pids, meter);
  return { warmUp: windowBetween(a, b, warm, cores), window: windowBetween(b, c, measured, cores), warmUpStartedAt, windowStartedAt };
}
