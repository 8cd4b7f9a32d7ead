import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectionOptions {
  /** How often the event loop's use is read; two quiet readings in a row make a quiet spell. */
  everyMs?: number;
  /** The share of that time the event loop may have worked and still count as quiet. */
  quietBelow?: number;
  /** How much V8's heap must have grown since the last collection here before one is worth its pause. */
  growthBytes?: number;
  /** V8's heap as it stands (the spec hands in readings of its own). */
  readHeap?: () => HeapReading;
}

/** V8's heap: what it holds from the system, and what of that its objects use, dead or alive. */
export interface HeapReading {
  committed: number;
  used: number;
}

const v8Heap = (): HeapReading => {
  const { total_heap_size: committed, used_heap_size: used } = getHeapStatistics();
  return { committed, used };
};

export interface IdleCollection {
  /** How many collections ran (the spec reads it). */
  readonly collections: () => number;
  stop(): void;
}

const MB = 1024 * 1024;

/**
 * Decision 0027: once the service goes quiet after a load, one full collection hands the load's
 * garbage back to the system at once, instead of V8's memory reducer doing it some 8 s later. It
 * runs only when the event loop has been nearly idle for two readings in a row, so never during a
 * load (a full collection there is the pause decision 0026 refused), and only when the heap grew
 * by growthBytes since the last one, so a trickle of requests does not pay for one each time.
 * Grew means either reading: a load that fills pages V8 already holds leaves its garbage in the
 * used size while the committed size stays put, and that garbage is what a collection gives back.
 */
export const collectWhenIdle = ({ everyMs = 400, quietBelow = 0.05, growthBytes = 16 * MB, readHeap = v8Heap }: IdleCollectionOptions = {}): IdleCollection => {
  // Exposed in a context of its own: the service's global scope never gains a `gc` function.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  let collections = 0;
  let baseline = readHeap();
  let previous = performance.eventLoopUtilization();
  let quietReadings = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    quietReadings = performance.eventLoopUtilization(now, previous).utilization < quietBelow ? quietReadings + 1 : 0;
    previous = now;
    if (quietReadings < 2) return;
    const heap = readHeap();
    if (Math.max(heap.committed - baseline.committed, heap.used - baseline.used) < growthBytes) {
      // V8 collected or shrank it itself: measure growth from there.
      baseline = { committed: Math.min(baseline.committed, heap.committed), used: Math.min(baseline.used, heap.used) };
      return;
    }
    collect();
    collections += 1;
    baseline = readHeap();
  }, everyMs);
  timer.unref();
  return { collections: () => collections, stop: () => clearInterval(timer) };
};
