import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { alternate, medianSlice, rotation, summarize, type Slice, type SliceTotals } from '../../../bench/lib/alternating-slices.js';

/** Keeps this process on the CPU until it has spent `ms` of it (wall time on a busy machine is no measure). */
const burn = (ms: number): void => {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
};

const slice = (over: Partial<Slice> = {}): Slice => ({ requests: 100, seconds: 1, p50Ms: 1, p99Ms: 10, errors: 0, ...over });

describe('bench/lib/alternating-slices: servers measured side by side', () => {
  it('rotates the order every round, so that each server goes first in turn', () => {
    expect([0, 1, 2, 3].map((round) => rotation(['a', 'b', 'c'], round).join(''))).to.deep.equal(['abc', 'bca', 'cab', 'abc']);
  });

  it("takes the median slice's own figure, the upper middle one of an even count, without reordering the slices", () => {
    const slices = [30, 10, 20];
    expect(medianSlice(slices)).to.equal(20);
    expect(slices).to.deep.equal([30, 10, 20]);
    expect(medianSlice([40, 10, 30, 20])).to.equal(30);
    expect(medianSlice([])).to.be.NaN;
  });

  it("reports the slices' requests over their seconds, not the mean of their rates, and CPU per request", () => {
    const totals: SliceTotals = { requests: 300, seconds: 4, cpuMs: 150, mainMs: 60, p50Ms: [2, 1, 3], p99Ms: [9, 30, 12], errors: 2 };
    expect(summarize(totals)).to.deep.equal({ rps: 75, p50Ms: 2, p99Ms: 12, cpuMsPerRequest: 0.5, mainThreadCpuMsPerRequest: 0.2, errors: 2 });
  });

  it("alternates the servers' slices round by round, sums each server's own, and charges it only the CPU spent in its slices", async () => {
    const order: string[] = [];
    const servers = [
      ['busy', { pid: process.pid }],
      ['idle', { pid: process.pid }],
    ] as const;
    const totals = await alternate(servers, 3, async (name) => {
      order.push(name);
      if (name === 'busy') burn(100);
      else await sleep(100);
      return name === 'busy' ? slice({ requests: 10, p99Ms: order.length }) : slice({ errors: 1 });
    });
    expect(order).to.deep.equal(['busy', 'idle', 'idle', 'busy', 'busy', 'idle']);
    const busy = totals.get('busy')!;
    const idle = totals.get('idle')!;
    expect({ requests: busy.requests, seconds: busy.seconds, p99Ms: busy.p99Ms, errors: busy.errors }).to.deep.equal({ requests: 30, seconds: 3, p99Ms: [1, 4, 5], errors: 0 });
    expect({ requests: idle.requests, errors: idle.errors }).to.deep.equal({ requests: 300, errors: 3 });
    // 300 ms burnt in the busy slices, read in 10 ms ticks; the idle ones only sleep.
    expect(busy.cpuMs).to.be.within(270, 600);
    expect(idle.cpuMs).to.be.below(90);
    expect(busy.mainMs).to.be.at.least(270);
  });
});
