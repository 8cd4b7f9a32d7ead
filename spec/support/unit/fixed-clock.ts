import type { Clock } from '../../../src/core/ports/clock.js';

/** A clock that moves only when a test moves it. */
export class FixedClock implements Clock {
  constructor(private instant = new Date('2026-11-21T10:00:00.000Z')) {}

  now(): Date {
    return new Date(this.instant.getTime());
  }

  advance(ms: number): void {
    this.instant = new Date(this.instant.getTime() + ms);
  }
}
