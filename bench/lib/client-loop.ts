import { cpuMsOf, rssMbOf } from './proc.js';

/** A load driven from the bench's own process (requests that need the previous answer, as refresh chains do). */
export interface LoopResult {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number;
  rssMb: number;
  errors: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Runs `work` from `concurrency` workers until `more()` says stop; latency per call, server CPU over the whole. */
export const loop = async (pid: number, concurrency: number, more: () => boolean, work: (worker: number) => Promise<void>): Promise<LoopResult> => {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (more()) {
        const t0 = performance.now();
        try {
          await work(worker);
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (errors++ === 0) console.error(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    seconds,
    rps: sorted.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    cpuMsPerRequest: (cpuMsOf(pid) - cpuBefore) / Math.max(1, sorted.length),
    rssMb: rssMbOf(pid),
    errors,
  };
};

/** `more()` for a loop that runs `seconds` from now. */
export const forSeconds = (seconds: number): (() => boolean) => {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() < end;
};
