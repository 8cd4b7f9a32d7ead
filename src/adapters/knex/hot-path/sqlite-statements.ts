import type { Database, Statement } from 'better-sqlite3';
import type { Knex } from 'knex';
import { preparedOnce } from '../connection/statement-cache.js';
import type { StoredRow } from '../row-mapping.js';
import { sqliteReaderFor } from './sqlite-reader.js';
import type { StatementTemplate } from './statement-template.js';

const fixed = (sql: string): StatementTemplate => ({ sql, bind: () => [] });
// knex's own words for an immediate transaction (sqlite-client.ts), so the query log reads the same.
const BEGIN = fixed('BEGIN IMMEDIATE;');
const COMMIT = fixed('COMMIT;');
const ROLLBACK = fixed('ROLLBACK;');

/** The statements of one SqliteStatements.transaction, run at once on its connection. */
export interface SqliteTransaction {
  /** Answers how many rows changed. */
  run(template: StatementTemplate, values: Readonly<Record<string, unknown>>): number;
  all(template: StatementTemplate, values: Readonly<Record<string, unknown>>): StoredRow[];
}

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

  /** Every row of a read, on the reader connection as get() (a client's allowed groups). */
  async all(template: StatementTemplate, values: Readonly<Record<string, unknown>>): Promise<StoredRow[]> {
    const bindings = template.bind(values);
    this.observe(template, bindings);
    return preparedOnce(sqliteReaderFor(this.db), template.sql).all(bindings) as StoredRow[];
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

  /**
   * `work` in one `BEGIN IMMEDIATE` … `COMMIT` on the pool's connection, synchronously, so nothing
   * else can run on the connection in between; anything `work` throws rolls it all back. This
   * is knex's transaction without its per-transaction knex instance and builder calls.
   */
  transaction<T>(work: (tx: SqliteTransaction) => T): Promise<T> {
    return this.using(BEGIN, {}, (begin, _, connection) => {
      const prepared = (template: StatementTemplate, values: Readonly<Record<string, unknown>>): [Statement, unknown[]] => {
        const bindings = template.bind(values);
        this.observe(template, bindings);
        return [preparedOnce(connection, template.sql), bindings];
      };
      const tx: SqliteTransaction = {
        run: (template, values) => {
          const [statement, bindings] = prepared(template, values);
          return statement.run(bindings).changes;
        },
        all: (template, values) => {
          const [statement, bindings] = prepared(template, values);
          return statement.all(bindings) as StoredRow[];
        },
      };
      begin.run();
      try {
        const result = work(tx);
        prepared(COMMIT, {})[0].run();
        return result;
      } catch (error) {
        if (connection.inTransaction) prepared(ROLLBACK, {})[0].run();
        throw error;
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
