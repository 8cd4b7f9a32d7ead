import type { Database, Statement } from 'better-sqlite3';
import type { Knex } from 'knex';
import { preparedOnce } from '../connection/statement-cache.js';
import type { StoredRow } from '../row-mapping.js';
import { sqliteReaderFor } from './sqlite-reader.js';
import type { StatementTemplate } from './statement-template.js';

/**
 * Runs templates on better-sqlite3 statements prepared once per connection (the same cache as
 * knex's own queries, statement-cache.ts): knex would compile the builder on every call. Reads
 * run on the reader connection (sqlite-reader.ts); writes take the connection from knex's pool, so
 * they never run inside someone else's open transaction. Nothing is cached but the statement:
 * every call reads the database, so a revocation in any process counts at the next request.
 */
export class SqliteStatements {
  constructor(private readonly db: Knex) {}

  async get(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<StoredRow | undefined> {
    const bindings = template.bind(values);
    this.observe(template, bindings);
    return preparedOnce(sqliteReaderFor(this.db), template.sql).get(bindings) as StoredRow | undefined;
  }

  /** Answers how many rows changed. */
  run(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<number> {
    return this.using(template, values, (statement, bindings) => statement.run(bindings).changes);
  }

  /**
   * For the coalesced touches only (last_seen_at, last_used_at, the sliding expiry): committed
   * without their own fsync. In WAL mode they become durable with the next synced commit; a power
   * cut can lose the latest ones, which only makes a session look older or expire sooner, never
   * later. Everything else keeps the connection's setting (synchronous=FULL).
   */
  runUnsynced(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<number> {
    return this.using(template, values, (statement, bindings, connection) => {
      const previous = connection.pragma('synchronous', { simple: true }) as number;
      connection.pragma('synchronous = NORMAL');
      try {
        return statement.run(bindings).changes;
      } finally {
        connection.pragma(`synchronous = ${previous}`);
      }
    });
  }

  private async using<T>(template: StatementTemplate, values: Readonly<Record<string, unknown>>, use: (statement: Statement, bindings: unknown[], connection: Database) => T): Promise<T> {
    const bindings = template.bind(values);
    const connection = (await this.db.client.acquireConnection()) as Database;
    try {
      this.observe(template, bindings);
      return use(preparedOnce(connection, template.sql), bindings, connection);
    } finally {
      void this.db.client.releaseConnection(connection); // synchronous inside; its promise is empty
    }
  }

  /** Same observability as knex's own path (query logging, the hot-path specs). */
  private observe(template: StatementTemplate, bindings: unknown[]): void {
    if (this.db.listenerCount('query') > 0) this.db.emit('query', { sql: template.sql, bindings, method: 'prepared' });
  }
}
