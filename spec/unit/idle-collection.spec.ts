import { expect } from 'chai';
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { collectWhenIdle, type IdleCollection } from '../../src/runtime/idle-collection.js';

const MB = 1024 * 1024;

/** Commits some 50 MB of V8 heap and lets go of it: the garbage a load leaves behind. */
const leaveGarbage = (): void => {
  const kept: string[][] = [];
  for (let i = 0; i < 40; i++) kept.push(Array.from({ length: 20_000 }, (_, n) => `garbage ${i} ${n}`));
  kept.length = 0;
};

/** Keeps the event loop working (80 % of every 25 ms) for `ms`, allocating as a load does. */
const stayBusy = async (ms: number): Promise<void> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 20;
    while (Date.now() < slice) leaveGarbage();
    await sleep(5);
  }
};

/**
 * A full collection before a spec reads the real heap: in a long suite the heap holds earlier
 * specs' garbage, which a collection V8 starts on its own while leaveGarbage allocates would free,
 * hiding the growth from the baseline taken before it (seen once in the PostgreSQL run).
 */
const collectNow = (): void => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

/** Polls until `done` holds or `ms` pass: a loaded machine may take more than two readings to go quiet. */
const eventually = async (done: () => boolean, ms = 3_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await sleep(25);
};

describe('collectWhenIdle (decision 0027)', () => {
  let idle: IdleCollection | null = null;
  afterEach(() => idle?.stop());

  it('collects once when the event loop goes quiet after the heap grew, and not again while nothing grows', async () => {
    collectNow();
    idle = collectWhenIdle({ everyMs: 50, growthBytes: 8 * MB });
    leaveGarbage();
    await eventually(() => idle!.collections() > 0);
    expect(idle.collections()).to.equal(1);
    await sleep(300);
    expect(idle.collections()).to.equal(1);
  });

  it('never collects while the event loop is busy, however much the heap grows', async () => {
    collectNow();
    idle = collectWhenIdle({ everyMs: 50, growthBytes: 1 * MB });
    await stayBusy(600);
    expect(idle.collections()).to.equal(0);
    await eventually(() => idle!.collections() > 0); // and then quiet: the load's garbage goes
    expect(idle.collections()).to.equal(1);
  });

  it("collects when the load's garbage filled pages V8 already held: the used size grew, the committed size did not", async () => {
    const heap = { committed: 80 * MB, used: 22 * MB };
    idle = collectWhenIdle({ everyMs: 50, growthBytes: 16 * MB, readHeap: () => ({ ...heap }) });
    heap.used = 64 * MB; // the bench's reading 2 s after /auth/verify: 79 MB committed, 64 MB used
    await sleep(400);
    expect(idle.collections()).to.equal(1);
  });

  it("does not count the young generation's churn as growth: used swinging under the threshold never collects", async () => {
    const heap = { committed: 60 * MB, used: 22 * MB };
    idle = collectWhenIdle({ everyMs: 50, growthBytes: 16 * MB, readHeap: () => ({ ...heap }) });
    for (const used of [30, 24, 37, 22, 36]) {
      heap.used = used * MB;
      await sleep(120);
    }
    expect(idle.collections()).to.equal(0);
  });

  it('leaves a heap that grew less than the threshold alone', async () => {
    idle = collectWhenIdle({ everyMs: 50, growthBytes: 1024 * MB });
    leaveGarbage();
    await sleep(400);
    expect(idle.collections()).to.equal(0);
  });

  it('gives the service no global gc function', async () => {
    idle = collectWhenIdle();
    await yieldToLoop();
    expect((globalThis as { gc?: unknown }).gc).to.equal(undefined);
  });
});
