import type { Database } from 'better-sqlite3';
import type { TempDatabase } from './temp-database.js';

/** Counts the prepares of the connection knex holds (SQLite's pool has one). */
export const countingPrepares = async (temp: TempDatabase): Promise<{ connection: Database; prepared: string[] }> => {
  const connection = (await temp.db.client.acquireConnection()) as Database;
  await temp.db.client.releaseConnection(connection);
  const prepared: string[] = [];
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as Database['prepare'];
  return { connection, prepared };
};
