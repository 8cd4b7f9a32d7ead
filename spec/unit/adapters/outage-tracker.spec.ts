import { expect } from 'chai';
import { OutageTracker } from '../../../src/adapters/availability/outage-tracker.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { memoryLog } from '../../support/http/harness.js';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A tracker on a clock the spec moves, with every jitter at its shortest (random = 0). */
const trackerAt = () => {
  const clock = { now: T0 };
  const log = memoryLog();
  const tracker = new OutageTracker({ now: () => clock.now, random: () => 0, log: createLogger('info', log.stream) });
  const events = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { clock, tracker, events };
};

describe('OutageTracker', () => {
  it('lets every attempt through while the database answers, and logs nothing', () => {
    const { tracker, events } = trackerAt();
    const attempts = [tracker.beginAttempt(), tracker.beginAttempt()];
    attempts.forEach((attempt) => attempt?.succeeded());
    expect([attempts.every(Boolean), tracker.isDown(), events()]).to.deep.equal([true, false, []]);
  });

  it('opens an outage at the first failed connection and logs it once, with the reason, however many fail together', () => {
    const { tracker, events } = trackerAt();
    const burst = [tracker.beginAttempt(), tracker.beginAttempt(), tracker.beginAttempt()];
    burst.forEach((attempt) => attempt?.failed(refused));
    expect(tracker.isDown()).to.equal(true);
    expect(events().map((e) => [e.level, e.event, e.reason, e.failure, e.retry_in_ms])).to.deep.equal([
      [40, 'database_unavailable', 'connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', 250],
    ]);
  });

  it('refuses attempts until the back-off has passed, then lets exactly one probe through', () => {
    const { clock, tracker } = trackerAt();
    tracker.beginAttempt()?.failed(refused);
    clock.now += 249;
    expect([tracker.beginAttempt(), tracker.retryAfterSeconds()]).to.deep.equal([null, 1]);
    clock.now += 1;
    const probe = tracker.beginAttempt();
    expect(probe, 'the probe').not.to.equal(null);
    expect(tracker.beginAttempt(), 'a second attempt while the probe runs').to.equal(null);
  });

  it('doubles the wait after each failed probe up to 8 s (4–8 s with jitter), and says so in Retry-After', () => {
    const { clock, tracker } = trackerAt();
    tracker.beginAttempt()?.failed(refused);
    const waits: number[] = [];
    for (let probe = 0; probe < 6; probe += 1) {
      let waited = 0;
      while (!tracker.mayAttempt()) (clock.now += 50), (waited += 50);
      waits.push(waited);
      tracker.beginAttempt()?.failed(refused);
    }
    expect(waits).to.deep.equal([250, 500, 1000, 2000, 4000, 4000]);
    expect(tracker.retryAfterSeconds()).to.equal(4);
  });

  it('a failure of an attempt begun before the outage does not lengthen the back-off', () => {
    const { clock, tracker } = trackerAt();
    const early = tracker.beginAttempt();
    tracker.beginAttempt()?.failed(refused);
    early?.failed(refused);
    clock.now += 250;
    expect(tracker.mayAttempt()).to.equal(true);
  });

  it('closes the outage at the first successful connection and logs its start and duration once', () => {
    const { clock, tracker, events } = trackerAt();
    tracker.beginAttempt()?.failed(refused);
    clock.now += 10_000;
    tracker.beginAttempt()?.succeeded();
    tracker.beginAttempt()?.succeeded();
    expect(tracker.isDown()).to.equal(false);
    const ended = events().slice(1);
    expect(ended.map((e) => [e.level, e.event, e.since, e.duration_ms, e.failed_probes, e.msg])).to.deep.equal([
      [40, 'database_available', '2026-11-23T10:00:00.000Z', 10_000, 0, 'database available again after 10.0 s'],
    ]);
  });
});
