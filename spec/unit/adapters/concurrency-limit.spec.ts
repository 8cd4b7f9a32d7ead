import { expect } from 'chai';
import { concurrencyLimit } from '../../../src/adapters/concurrency-limit.js';

describe('concurrencyLimit', () => {
  it('runs at most that many tasks at once, in arrival order, and passes results and failures through', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      if (n === 3) throw new Error('task 3 failed');
      return n * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => limit(task(n))));
    expect(peak).to.equal(2);
    expect(started).to.deep.equal([1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).to.deep.equal([
      10, 20, 'task 3 failed', 40, 50,
    ]);
  });
});
