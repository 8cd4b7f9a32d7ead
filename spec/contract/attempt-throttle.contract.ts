import { expect } from 'chai';
import type { AttemptThrottle } from '../../src/core/ports/attempt-throttle.js';

export interface ThrottleUnderTest {
  throttle: AttemptThrottle;
  /** A second handle on the same state (another connection pool), where the adapter has one. */
  sibling?: AttemptThrottle;
  cleanup(): Promise<void>;
}

export type ThrottleFactory = () => Promise<ThrottleUnderTest>;

const WINDOW = 15 * 60_000;
const RULE = { limit: 3, windowMs: WINDOW };
const T0 = new Date('2026-11-21T10:00:00.123Z');
const later = (ms: number): Date => new Date(T0.getTime() + ms);

/** The AttemptThrottle port (CONTRACT §9): atomic fixed-window counters, shared, purgeable. */
export function attemptThrottleContract(adapter: string, factory: ThrottleFactory): void {
  describe(`AttemptThrottle contract (${adapter})`, () => {
    let subject: ThrottleUnderTest;
    let throttle: AttemptThrottle;
    beforeEach(async () => {
      subject = await factory();
      throttle = subject.throttle;
    });
    afterEach(() => subject.cleanup());

    it('starts a window at the first attempt, with its end exact to the millisecond', async () => {
      expect(await throttle.hit('k', RULE, T0)).to.deep.equal({ attempts: 1, resetsAt: later(WINDOW) });
    });

    it('counts within the window and stops growing at limit + 2, so the first refusal can be told apart', async () => {
      const counts: number[] = [];
      for (let i = 0; i < 7; i += 1) counts.push((await throttle.hit('k', RULE, later(i * 1000))).attempts);
      expect(counts).to.deep.equal([1, 2, 3, 4, 5, 5, 5]);
      expect((await throttle.hit('k', RULE, later(WINDOW - 1))).resetsAt).to.deep.equal(later(WINDOW));
    });

    it('starts a new window once the old one has ended', async () => {
      for (let i = 0; i < 5; i += 1) await throttle.hit('k', RULE, T0);
      expect(await throttle.hit('k', RULE, later(WINDOW))).to.deep.equal({ attempts: 1, resetsAt: later(2 * WINDOW) });
    });

    it('keeps keys apart, however alike they look', async () => {
      await throttle.hit('login-email:ada@example.com', RULE, T0);
      await throttle.hit('login-email:ada@example.com', RULE, T0);
      expect((await throttle.hit('login-email:Ada@example.com', RULE, T0)).attempts).to.equal(1);
      expect((await throttle.hit('auth-address:ada@example.com', RULE, T0)).attempts).to.equal(1);
    });

    it('forgets a key on reset, and only that key', async () => {
      await throttle.hit('a', RULE, T0);
      await throttle.hit('b', RULE, T0);
      await throttle.reset('a');
      expect((await throttle.hit('a', RULE, later(1))).attempts).to.equal(1);
      expect((await throttle.hit('b', RULE, later(1))).attempts).to.equal(2);
    });

    it('purges exactly the windows that have ended', async () => {
      await throttle.hit('old', RULE, T0);
      await throttle.hit('new', RULE, later(60_000));
      expect(await throttle.purgeExpired(later(WINDOW))).to.equal(1);
      expect(await throttle.purgeExpired(later(WINDOW))).to.equal(0);
      expect((await throttle.hit('new', RULE, later(WINDOW))).attempts).to.equal(2);
    });

    it('counts concurrent attempts exactly once each', async () => {
      const rule = { limit: 100, windowMs: WINDOW };
      const handles = [throttle, subject.sibling ?? throttle];
      const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => handles[i % 2]!.hit('race', rule, T0)));
      expect(counts.map((c) => c.attempts).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 30 }, (_, i) => i + 1));
    });
  });
}
