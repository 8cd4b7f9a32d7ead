import pg from 'pg';
import { cpuMsOf } from '../lib/proc.js';
import { openDatabaseWal, type DatabaseWal } from './database-wal.js';

/** What the PostgreSQL server had done by one instant, for one database; two marks make a window. */
export interface PostgresMark {
  /** CPU (utime + stime) of the database's backends and the server's own writers since the meter started. */
  cpuMs: number;
  /** pg_current_wal_lsn() as a byte position: the whole server's WAL, not the database's alone. */
  walBytes: number;
  /** The database's own WAL records since the previous mark, with the full-page images in them (null: not read). */
  ownWal: DatabaseWal | null;
  /** Commits and rollbacks of the database (pg_stat_database; each backend reports about once a second). */
  transactions: number;
  /**
   * The samples so far, and summed over them: the database's backends busy (a statement running or a
   * transaction open), of them idle in a transaction (waiting for the instance), and of them
   * waiting for the WAL to be written or flushed (a commit).
   */
  samples: number;
  busySum: number;
  inTransactionSum: number;
  walWaitSum: number;
  /** The most client backends of the database open at once since the previous mark. */
  maxOpen: number;
}

export interface PostgresMeter {
  mark(): Promise<PostgresMark>;
  stop(): Promise<void>;
}

interface Backend {
  pid: number;
  datname: string | null;
  backend_type: string;
  state: string | null;
  wait_event: string | null;
}

const SAMPLE_MS = 50;
const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Watches the server at `serverUrl` for the database at `databaseUrl`: every 50 ms it lists the
 * backends (pg_stat_activity) and reads each one's CPU from /proc, so a backend that exits between
 * two marks keeps the CPU it was last seen with. The processes counted are the database's backends
 * and the server's own (checkpointer, WAL writer, background writer: datname null), which other
 * databases share: on a quiet server they are this bench's. At each mark it also reads the
 * database's own WAL since the previous one (database-wal.ts). Its sampling connection is to
 * another database, and its WAL reader's backend is left out.
 */
export async function startPostgresMeter(serverUrl: string, databaseUrl: string): Promise<PostgresMeter> {
  if (!LOCAL.has(new URL(serverUrl).hostname)) throw new Error('the capacity bench reads the PostgreSQL processes from /proc: BENCH_POSTGRES_URL must be a server on this machine');
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const wal = await openDatabaseWal(databaseUrl);
  // The WAL before the first mark is no window's: reading starts there.
  let from: string | null = null;
  const cpu = new Map<number, { first: number; last: number }>();
  let started = false;
  let [samples, busySum, inTransactionSum, walWaitSum, maxOpen] = [0, 0, 0, 0, 0];

  const sample = async (): Promise<void> => {
    const { rows } = await client.query<Backend>('select pid, datname, backend_type, state, wait_event from pg_stat_activity where pid <> pg_backend_pid() and pid <> $2 and (datname = $1 or datname is null)', [database, wal?.pid ?? 0]);
    const clients = rows.filter((row) => row.datname === database && row.backend_type === 'client backend');
    samples += 1;
    const busy = clients.filter((row) => row.state !== null && row.state !== 'idle');
    busySum += busy.length;
    inTransactionSum += busy.filter((row) => row.state?.startsWith('idle in transaction')).length;
    walWaitSum += busy.filter((row) => row.wait_event === 'WALSync' || row.wait_event === 'WALWrite').length;
    maxOpen = Math.max(maxOpen, clients.length);
    for (const { pid } of rows) {
      let now: number;
      try {
        now = cpuMsOf(pid);
      } catch {
        continue; // exited since the list was read
      }
      // A backend first seen after the first sample was born since: all its CPU is the window's.
      const seen = cpu.get(pid) ?? { first: started ? 0 : now, last: now };
      cpu.set(pid, { ...seen, last: now });
    }
    started = true;
  };

  // Samples run one after another, the next 50 ms after the last ended, so a busy machine slows the meter rather than queueing it.
  let chain: Promise<void> = Promise.resolve();
  const queued = (): Promise<void> => (chain = chain.then(sample));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => void queued().then(() => void (stopped || (timer = setTimeout(tick, SAMPLE_MS))));
  await queued();
  timer = setTimeout(tick, SAMPLE_MS);
  return {
    async mark() {
      await queued();
      const lsn = await client.query<{ lsn: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn");
      const stats = await client.query<{ n: string }>('select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1', [database]);
      const to = (await wal?.position()) ?? null;
      const ownWal = wal && from !== null && to !== null ? await wal.read(from, to) : null;
      from = to;
      const mark = {
        cpuMs: [...cpu.values()].reduce((sum, { first, last }) => sum + last - first, 0),
        walBytes: Number(lsn.rows[0]?.lsn ?? 0),
        ownWal,
        transactions: Number(stats.rows[0]?.n ?? 0),
        samples,
        busySum,
        inTransactionSum,
        walWaitSum,
        maxOpen,
      };
      maxOpen = 0;
      return mark;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
      await client.end();
      await wal?.end();
    },
  };
}
