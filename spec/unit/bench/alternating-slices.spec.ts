import { expect } from 'chai';
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
    // A fake clock of CPU per process: the test moves it, so no figure depends on this machine's load.
    const used = new Map<number, { total: number; main: number }>([
      [1, { total: 0, main: 0 }],
      [2, { total: 0, main: 0 }],
    ]);
    const cpu = { total: (pid: number) => used.get(pid)!.total, main: (pid: number) => used.get(pid)!.main };
    const spend = (pid: number, total: number, main: number): void => {
      const u = used.get(pid)!;
      used.set(pid, { total: u.total + total, main: u.main + main });
    };
    const order: string[] = [];
    const servers: [string, { pid: number }][] = [
      ['busy', { pid: 1 }],
      ['idle', { pid: 2 }],
    ];
    // CPU the idle server spends outside its own slices (before the run, during the busy one's) is not its to pay.
    spend(2, 1000, 1000);
    const totals = await alternate(
      servers,
      3,
      async (name) => {
        order.push(name);
        if (name === 'busy') {
          spend(1, 100, 60);
          spend(2, 50, 50);
        } else spend(2, 7, 5);
        return name === 'busy' ? slice({ requests: 10, p99Ms: order.length }) : slice({ errors: 1 });
      },
      cpu,
    );
    expect(order).to.deep.equal(['busy', 'idle', 'idle', 'busy', 'busy', 'idle']);
    const busy = totals.get('busy')!;
    const idle = totals.get('idle')!;
    expect({ requests: busy.requests, seconds: busy.seconds, p99Ms: busy.p99Ms, errors: busy.errors }).to.deep.equal({ requests: 30, seconds: 3, p99Ms: [1, 4, 5], errors: 0 });
    expect({ requests: idle.requests, errors: idle.errors }).to.deep.equal({ requests: 300, errors: 3 });
    expect({ cpuMs: busy.cpuMs, mainMs: busy.mainMs }).to.deep.equal({ cpuMs: 300, mainMs: 180 });
    expect({ cpuMs: idle.cpuMs, mainMs: idle.mainMs }).to.deep.equal({ cpuMs: 21, mainMs: 15 });
  });

  it("reads a real process's CPU from /proc by default", async () => {
    const totals = await alternate([['self', { pid: process.pid }]] as const, 1, async () => {
      burn(50);
      return slice();
    });
    // /proc counts in 10 ms ticks; 50 ms burnt shows as at least 40.
    expect(totals.get('self')!.cpuMs).to.be.at.least(40);
  });
});
