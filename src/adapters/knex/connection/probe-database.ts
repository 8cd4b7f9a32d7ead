import type { Knex } from 'knex';

/**
 * One fresh connection outside the pool, `select 1`, closed again: the outage tracker's probe. A
 * pooled connection could be a stale one from before the outage and prove nothing.
 */
export const probeDatabase = async (db: Knex): Promise<void> => {
  const client = db.client as Knex.Client;
  const connection: unknown = await client.acquireRawConnection();
  try {
    await db.select(db.raw('1 as up')).connection(connection);
  } finally {
    await client.destroyRawConnection(connection);
  }
};
