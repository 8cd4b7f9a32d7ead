import pg from 'pg';

/** The WAL one database wrote between two positions, and the full-page images in it. */
export interface DatabaseWal {
  bytes: number;
  fullPageBytes: number;
}

export interface DatabaseWalReader {
  /** This reader's own backend, which a meter leaves out of what it counts. */
  pid: number;
  /** The server's WAL flushed so far: where the next read starts. */
  position(): Promise<string>;
  /** Null when the server no longer holds that WAL (a checkpoint recycled it, and no slot kept it). */
  read(from: string, to: string): Promise<DatabaseWal | null>;
  end(): Promise<void>;
}

/**
 * The records of `from` to `to` (pg_walinspect) whose blocks belong to the database, and those of
 * the same transactions (their commits name no block): what the database's own work wrote,
 * whatever else the server was doing meanwhile.
 */
const OWN_RECORDS = `
  with records as (select xid, record_length, fpi_length, block_ref from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
  own_xids as (select distinct xid from records where xid <> '0' and block_ref ~ $3)
  select coalesce(sum(record_length), 0)::text as bytes, coalesce(sum(fpi_length), 0)::text as fpi
  from records where block_ref ~ $3 or (xid <> '0' and xid in (select xid from own_xids))`;

/**
 * A connection to the database that reads its WAL records; null when the server has no
 * pg_walinspect (PostgreSQL 15's contrib), and the bench counts the whole server's WAL alone.
 * The extension is created in the database itself, which the bench drops afterwards. A temporary
 * replication slot of this connection keeps the WAL from being recycled before it is read (other
 * databases' DROP DATABASE forces checkpoints); the server drops it when the connection ends,
 * even if the bench dies.
 */
export async function openDatabaseWal(databaseUrl: string): Promise<DatabaseWalReader | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_walinspect');
  } catch {
    await client.end();
    return null;
  }
  const { rows } = await client.query<{ pid: number; oid: string }>('select pg_backend_pid() as pid, oid::text from pg_database where datname = current_database()');
  const { pid, oid } = rows[0]!;
  await client.query(`select pg_create_physical_replication_slot('gatehouse_bench_wal_${pid}', true, true)`).catch(() => undefined);
  const ownBlocks = ` rel \\d+/${oid}/`;
  return {
    pid,
    position: async () => (await client.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn')).rows[0]!.lsn,
    async read(from, to) {
      // pg_walinspect refuses a start at the flush position: nothing was written.
      if (from === to) return { bytes: 0, fullPageBytes: 0 };
      try {
        const { rows: [sums] } = await client.query<{ bytes: string; fpi: string }>(OWN_RECORDS, [from, to, ownBlocks]);
        return { bytes: Number(sums?.bytes ?? 0), fullPageBytes: Number(sums?.fpi ?? 0) };
      } catch (error) {
        if ((error as { code?: string }).code === '58P01') return null; // the segment is gone
        throw error;
      }
    },
    end: () => client.end(),
  };
}
