import type { Logger } from './logger.js';

/** How often a running service purges: hourly, so no row outlives its retention by more than an hour. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export interface RetentionTimers {
  setInterval(run: () => void, ms: number): { unref(): unknown };
  clearInterval(timer: unknown): void;
}

export interface RetentionSchedule {
  /** Settles when the start-up purge has finished (or failed, which is logged). */
  firstRun: Promise<void>;
  stop(): void;
}

/**
 * Deletes security events past SERVICE_EVENT_RETENTION_DAYS at start-up and then every interval,
 * beside the requests rather than before them: nothing awaits a purge, the timer never keeps the
 * process alive, and a failure (a database outage) is logged and retried at the next interval.
 * Several instances may purge at once: each deletes only what is still there.
 */
export const scheduleEventRetention = (
  purge: () => Promise<number>,
  logger: Pick<Logger, 'info' | 'warn'>,
  intervalMs = RETENTION_INTERVAL_MS,
  timers: RetentionTimers = globalThis,
  /** What the purge deletes, for its log lines: the same schedule also purges expired OpenID payloads. */
  what = 'security events past their retention',
): RetentionSchedule => {
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= purge()
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted }, `${what} deleted`);
      })
      .catch((err: unknown) => logger.warn({ err }, `the purge of ${what} failed; it runs again at the next interval`))
      .finally(() => (running = null));
    return running;
  };
  const firstRun = run();
  const timer = timers.setInterval(() => void run(), intervalMs);
  timer.unref();
  return { firstRun, stop: () => timers.clearInterval(timer) };
};
