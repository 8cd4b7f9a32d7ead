import type { Clock } from '../../core/ports/clock.js';

/** The cookies' default when no service clock is handed in: the web may not import the adapters' SystemClock. */
export const WALL_CLOCK: Clock = { now: () => new Date() };
