import { expect } from 'chai';
import { backoffDelayMs } from '../../../src/adapters/availability/backoff.js';

describe('backoffDelayMs', () => {
  const attempts = [1, 2, 3, 4, 5, 6, 10];

  it('doubles from 0.5 s and stops at 8 s, before jitter', () => {
    expect(attempts.map((n) => backoffDelayMs(n, 1))).to.deep.equal([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('jitters within the upper half, so it never retries sooner than half the interval', () => {
    expect(attempts.map((n) => backoffDelayMs(n, 0))).to.deep.equal([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(backoffDelayMs(3, 0.5)).to.equal(1500);
  });
});
