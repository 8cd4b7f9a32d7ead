import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { StoredRow } from '../row-mapping.js';
import type { StatementTemplate } from './statement-template.js';

/** One name per SQL text: PostgreSQL keeps a named statement per connection, parsed and planned once. */
const nameOf = (sql: string): string => `gh_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;

/**
 * Runs the hot path's exact-key reads as named prepared statements on a connection of knex's own
 * pool (same timeouts, same outage gate, same broken-connection handling): knex would compile the
 * builder again and the server would parse and plan the query again on every call. Nothing is
 * cached but the statement: every call reads the database, so a revocation counts at the next request.
 */
export class PostgresStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly db: Knex) {}

  async get(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<StoredRow | undefined> {
    return (await this.all(template, values))[0];
  }

  async all(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<StoredRow[]> {
    const bindings = template.bind(values);
    // Same observability as knex's own path (query logging, the hot-path specs).
    if (this.db.listenerCount('query') > 0) this.db.emit('query', { sql: template.sql, bindings, method: 'prepared' });
    let name = this.names.get(template.sql);
    if (name === undefined) this.names.set(template.sql, (name = nameOf(template.sql)));
    const connection = (await this.db.client.acquireConnection()) as pg.Client;
    try {
      const result = await connection.query<StoredRow>({ name, text: template.sql, values: bindings });
      return result.rows;
    } finally {
      await this.db.client.releaseConnection(connection);
    }
  }
}
