import type { Knex } from 'knex';

export interface ConnectionSampler {
  /** Stops sampling; the most connections each application_name held at any sample. */
  stop(): Promise<Record<string, number>>;
}

const SAMPLE_EVERY_MS = 10;

/** Polls pg_stat_activity for one database while work runs, to see how many connections each instance opens. */
export const sampleConnections = (db: Knex, database: string): ConnectionSampler => {
  const peak: Record<string, number> = {};
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = (await db.raw(
        'select application_name as app, count(*)::int as n from pg_stat_activity where datname = ? group by application_name',
        [database],
      )) as { rows: { app: string; n: number }[] };
      for (const { app, n } of rows) peak[app] = Math.max(peak[app] ?? 0, n);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
};
