import { expect } from 'chai';
import { makePurgeExpiredEvents } from '../../../src/core/use-cases/maintenance/purge-expired-events.js';
import { scheduleEventRetention, type RetentionTimers } from '../../../src/runtime/event-retention-schedule.js';
import { FixedClock } from '../../support/unit/fixed-clock.js';

const DAY = 24 * 60 * 60_000;

/** Timers that fire only when the spec says so. */
class ManualTimers implements RetentionTimers {
  tick: (() => void) | null = null;
  interval = 0;
  unrefed = false;
  cleared = false;
  setInterval(run: () => void, ms: number) {
    this.tick = run;
    this.interval = ms;
    return { unref: () => (this.unrefed = true) };
  }
  clearInterval(): void {
    this.cleared = true;
  }
}

const silent = () => {
  const lines: { level: string; fields: unknown }[] = [];
  return { lines, logger: { info: (fields: unknown) => void lines.push({ level: 'info', fields }), warn: (fields: unknown) => void lines.push({ level: 'warn', fields }) } };
};

describe('security-event retention', () => {
  it('purges what is older than the retention, measured from the clock', async () => {
    const clock = new FixedClock(new Date('2026-07-01T00:00:00.000Z'));
    const cutoffs: Date[] = [];
    const purge = makePurgeExpiredEvents({ clock, retention: { deleteEventsBefore: async (cutoff) => (cutoffs.push(cutoff), 3) } }, 180);
    expect(await purge()).to.equal(3);
    expect(cutoffs).to.deep.equal([new Date(clock.now().getTime() - 180 * DAY)]);
  });

  it('runs at start-up and at each interval on an unref\'d timer, never two at once, until stopped', async () => {
    const timers = new ManualTimers();
    const { lines, logger } = silent();
    let runs = 0;
    let release: () => void = () => undefined;
    const purge = () => new Promise<number>((resolve) => ((runs += 1), (release = () => resolve(2))));
    const schedule = scheduleEventRetention(purge, logger, 1000, timers);
    expect([runs, timers.interval, timers.unrefed]).to.deep.equal([1, 1000, true]);
    timers.tick?.(); // the start-up purge is still running: no second one beside it
    expect(runs).to.equal(1);
    release();
    await schedule.firstRun;
    expect(lines).to.deep.equal([{ level: 'info', fields: { deleted: 2 } }]);
    timers.tick?.();
    expect(runs).to.equal(2);
    schedule.stop();
    expect(timers.cleared).to.equal(true);
  });

  it('logs a failed purge and keeps going', async () => {
    const timers = new ManualTimers();
    const { lines, logger } = silent();
    const failure = new Error('database unavailable');
    const schedule = scheduleEventRetention(() => Promise.reject(failure), logger, 1000, timers);
    await schedule.firstRun;
    expect(lines).to.deep.equal([{ level: 'warn', fields: { err: failure } }]);
  });
});
