import { cpuMsOf, mainThreadCpuMsOf } from './proc.js';

/**
 * Servers compared side by side: one load served in short slices, one server at a time, the order
 * rotating every round. A shared machine's load drifts over minutes; slices a few seconds long that
 * alternate put the drift on every server alike, where measuring one server and then the other
 * puts all of it between them.
 */

/** The seconds of a slice: long enough for wrk's start and its 32 connections to be a small part, short enough to alternate often. */
export const SLICE_S = 4;

/** What one slice of load on one server saw (a wrk run, or a client loop for a fixed time). */
export interface Slice {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** One server's slices of one load: requests, seconds and its CPU over them summed, its slices' percentiles kept. */
export interface SliceTotals {
  requests: number;
  seconds: number;
  /** CPU of the server's process (all threads) during its own slices, in ms. */
  cpuMs: number;
  /** Its main thread's share of it (the event loop), in ms. */
  mainMs: number;
  p50Ms: number[];
  p99Ms: number[];
  errors: number;
}

/** The servers in round `round`'s order: each goes first in turn. */
export const rotation = <T>(servers: readonly T[], round: number): T[] => servers.map((_, i) => servers[(i + round) % servers.length]!);

/** The median slice's figure (of an even count, the upper of the middle two): one slice's own, not a mean of two. */
export const medianSlice = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export interface SliceSummary {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number;
  mainThreadCpuMsPerRequest: number;
  errors: number;
}

/** A server's totals as the rates a bench reports: the slices' requests over their seconds, the median slice's percentiles. */
export const summarize = (totals: SliceTotals): SliceSummary => ({
  rps: totals.requests / totals.seconds,
  p50Ms: medianSlice(totals.p50Ms),
  p99Ms: medianSlice(totals.p99Ms),
  cpuMsPerRequest: totals.cpuMs / totals.requests,
  mainThreadCpuMsPerRequest: totals.mainMs / totals.requests,
  errors: totals.errors,
});

/** Reads a process's CPU so far, in ms: all its threads, and its main thread alone. */
export interface CpuReader {
  total: (pid: number) => number;
  main: (pid: number) => number;
}

const procCpu: CpuReader = { total: cpuMsOf, main: mainThreadCpuMsOf };

/**
 * `rounds` rounds of one slice a server, in `rotation` order; each server's slices summed, with the
 * CPU its process spent during them (read from /proc before and after each of its slices).
 */
export async function alternate<K, S extends { pid: number }>(
  servers: readonly (readonly [K, S])[],
  rounds: number,
  slice: (key: K, server: S) => Promise<Slice>,
  cpu: CpuReader = procCpu,
): Promise<Map<K, SliceTotals>> {
  const totals = new Map(servers.map(([key]) => [key, { requests: 0, seconds: 0, cpuMs: 0, mainMs: 0, p50Ms: [] as number[], p99Ms: [] as number[], errors: 0 }]));
  for (let round = 0; round < rounds; round++) {
    for (const [key, server] of rotation(servers, round)) {
      const before = { total: cpu.total(server.pid), main: cpu.main(server.pid) };
      const result = await slice(key, server);
      const t = totals.get(key)!;
      t.cpuMs += cpu.total(server.pid) - before.total;
      t.mainMs += cpu.main(server.pid) - before.main;
      t.requests += result.requests;
      t.seconds += result.seconds;
      t.p50Ms.push(result.p50Ms);
      t.p99Ms.push(result.p99Ms);
      t.errors += result.errors;
    }
  }
  return totals;
}
