import { cpuMsOf, rssMbOf } from './proc.js';
import { runWrk, type WrkLoad, type WrkResult } from './wrk.js';

export interface Measured {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU (all threads, user + system) per request; null when not attributable. */
  cpuMsPerRequest: number | null;
  /** VmRSS SETTLE_MS after the load: what the process keeps once the requests still queued have finished. */
  rssMb: number | null;
  /** VmRSS the moment wrk stops, in-flight work (up to two 19 MiB argon2 blocks) included. */
  rssAtEndMb?: number | null;
  errors: number;
}

export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
export const MEASURE_S = Number(process.env.BENCH_MEASURE_S ?? 10);
// wrk stops with up to 8 logins queued (two hashing): give them this long to finish before reading what stays.
const SETTLE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssOf = async (pid: number): Promise<{ atEnd: number; settled: number }> => {
  const atEnd = rssMbOf(pid);
  await sleep(SETTLE_MS);
  return { atEnd, settled: rssMbOf(pid) };
};

const measured = (result: WrkResult, cpuMs: number | null, rss: { atEnd: number; settled: number }): Measured => ({
  rps: result.rps,
  p50Ms: result.p50Ms,
  p99Ms: result.p99Ms,
  cpuMsPerRequest: cpuMs === null ? null : cpuMs / result.requests,
  rssMb: rss.settled,
  rssAtEndMb: rss.atEnd,
  errors: result.errors,
});

/** A warm-up load whose numbers are thrown away, then the measured one with its CPU delta from /proc. */
export async function measure(pid: number, load: Omit<WrkLoad, 'seconds'>, extraEnv: () => Record<string, string> = () => ({})): Promise<Measured> {
  await runWrk({ ...load, seconds: WARMUP_S, env: { ...load.env, ...extraEnv() } });
  const before = cpuMsOf(pid);
  const result = await runWrk({ ...load, seconds: MEASURE_S, env: { ...load.env, ...extraEnv() } });
  const cpuMs = cpuMsOf(pid) - before;
  return measured(result, cpuMs, await rssOf(pid));
}

/** /healthz with one connection while `storm` saturates the server; the storm itself is measured too. */
export async function measureDuring(
  pid: number,
  storm: Omit<WrkLoad, 'seconds'>,
  probe: Omit<WrkLoad, 'seconds'>,
): Promise<{ storm: Measured; probe: Measured }> {
  await runWrk({ ...storm, seconds: WARMUP_S });
  const [stormResult, probeResult] = await Promise.all([runWrk({ ...storm, seconds: MEASURE_S }), runWrk({ ...probe, seconds: MEASURE_S })]);
  // The probe's own CPU is mixed in, so no CPU per request is claimed for either.
  const rss = await rssOf(pid);
  return { storm: measured(stormResult, null, rss), probe: measured(probeResult, null, rss) };
}
