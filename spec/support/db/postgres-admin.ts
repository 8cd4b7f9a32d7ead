import pg from 'pg';
import { POSTGRES_SERVER_URL } from './test-engine.js';

/**
 * Runs statements on the server's maintenance connection, outside any pool: a short-lived client
 * per call leaves nothing open to keep mocha alive or to count against max_connections.
 */
export const onServer = async (...statements: string[]): Promise<void> => {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

/** Double-quotes an identifier; test database names are generated, but quote anyway. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A URL for another database on the same server (same user, host and options). */
export const databaseUrl = (name: string): string => {
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
