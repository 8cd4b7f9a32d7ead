import type { PostgresMark } from './postgres-meter.js';

/** Everything the bench reads at one instant: each Gatehouse process, the PostgreSQL server, the load generator, the machine. */
export interface Snapshot {
  atMs: number;
  instances: { cpuMs: number; mainThreadCpuMs: number }[];
  postgres: PostgresMark;
  /** The bench's own process and the wrk processes it has run to completion. */
  generatorMs: number;
  machineBusyMs: number;
}

/** What the load driver counted between the two snapshots. */
export interface Driven {
  requests: number;
  p99Ms: number;
  errors: number;
}

/** One measured interval of one load: the driver's counts and what each process spent on them. */
export interface Window extends Driven {
  seconds: number;
  /** Each Gatehouse process: CPU of all its threads, and of its main thread (the event loop) alone, in ms. */
  instances: { cpuMs: number; mainThreadCpuMs: number }[];
  postgres: {
    cpuMs: number;
    /** The database's own WAL (pg_walinspect), of it full-page images; null without the extension. */
    walBytes: number | null;
    fullPageBytes: number | null;
    /** The whole server's WAL (pg_current_wal_lsn() before and after), other databases' included. */
    serverWalBytes: number;
    transactions: number;
    /** The database's backends busy (a statement running or a transaction open), on average over the samples; of them idle in a transaction, and waiting for the WAL. */
    meanBusyConnections: number;
    meanInTransaction: number;
    meanWalWait: number;
    maxOpenConnections: number;
    /** pg_stat_activity samples the busy mean is taken over (one every 50 ms at most). */
    samples: number;
  };
  /** The load generator's CPU: wrk, or the bench's own client loop (and its PostgreSQL meter). */
  generator: { cpuMs: number };
  /** Every core's busy time: the rest, beyond the instances, PostgreSQL and the generator, is other work on the machine. */
  machine: { busyMs: number; cores: number };
}

const mean = (a: Snapshot, b: Snapshot, key: 'busySum' | 'inTransactionSum' | 'walWaitSum'): number =>
  (b.postgres[key] - a.postgres[key]) / Math.max(1, b.postgres.samples - a.postgres.samples);

/** The window from `a` to `b`, the mark right after it (the database's own WAL is read from one mark to the next). */
export const windowBetween = (a: Snapshot, b: Snapshot, driven: Driven, cores: number): Window => ({
  ...driven,
  seconds: (b.atMs - a.atMs) / 1000,
  instances: b.instances.map((end, i) => ({
    cpuMs: end.cpuMs - (a.instances[i]?.cpuMs ?? 0),
    mainThreadCpuMs: end.mainThreadCpuMs - (a.instances[i]?.mainThreadCpuMs ?? 0),
  })),
  postgres: {
    cpuMs: b.postgres.cpuMs - a.postgres.cpuMs,
    walBytes: b.postgres.ownWal?.bytes ?? null,
    fullPageBytes: b.postgres.ownWal?.fullPageBytes ?? null,
    serverWalBytes: b.postgres.walBytes - a.postgres.walBytes,
    transactions: b.postgres.transactions - a.postgres.transactions,
    meanBusyConnections: mean(a, b, 'busySum'),
    meanInTransaction: mean(a, b, 'inTransactionSum'),
    meanWalWait: mean(a, b, 'walWaitSum'),
    maxOpenConnections: b.postgres.maxOpen,
    samples: b.postgres.samples - a.postgres.samples,
  },
  generator: { cpuMs: b.generatorMs - a.generatorMs },
  machine: { busyMs: b.machineBusyMs - a.machineBusyMs, cores },
});
