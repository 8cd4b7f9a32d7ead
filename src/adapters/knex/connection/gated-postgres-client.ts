import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { ConnectionGate } from './connection-gate.js';
import { DatabaseUnreachableError } from './database-unavailable.js';

const require = createRequire(import.meta.url);
const PostgresClient = require('knex/lib/dialects/postgres/index.js') as typeof Knex.Client;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * knex's PostgreSQL client, with every new connection (the pool's and a probe's) asked of `gate`
 * first: while the database is away the pool fails at once instead of opening a backend per
 * request, and every failure to connect, whatever the driver called it, is DatabaseUnreachableError.
 */
export const gatedPostgresClient = (gate: ConnectionGate): typeof Knex.Client =>
  class GatedPostgresClient extends PostgresClient {
    override async acquireRawConnection(): Promise<unknown> {
      const attempt = gate.beginAttempt();
      if (!attempt) throw new DatabaseUnreachableError('not connecting: the database is unavailable and the next attempt is not due');
      try {
        const connection: unknown = await super.acquireRawConnection();
        attempt.succeeded();
        return connection;
      } catch (error) {
        attempt.failed(error);
        throw new DatabaseUnreachableError(messageOf(error), { cause: error });
      }
    }
  };
