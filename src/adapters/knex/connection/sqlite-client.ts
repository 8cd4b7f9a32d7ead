import { createRequire } from 'node:module';
import type { Database, RunResult } from 'better-sqlite3';
import type { Knex } from 'knex';
import { preparedOnce } from './statement-cache.js';

// knex ships these classes without typings; only the members we touch are declared.
interface TransactionInstance {
  query(connection: unknown, sql: string): Promise<unknown>;
}
type TransactionClass = new (...args: unknown[]) => TransactionInstance;
interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  options?: { safeIntegers?: unknown };
  response?: unknown;
  context?: { lastID: RunResult['lastInsertRowid']; changes: number };
}
interface DialectMembers {
  _query(connection: Database, obj: QueryObject): Promise<QueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}

const require = createRequire(import.meta.url);
const BetterSqlite3Client = require('knex/lib/dialects/better-sqlite3/index.js') as typeof Knex.Client;
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as TransactionClass;

/**
 * docs/architecture.md: a transaction takes the write lock when it begins, so a read and the write that depends
 * on it happen under one lock (knex would issue a deferred `BEGIN;`).
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(connection: unknown): Promise<unknown> {
    return this.query(connection, 'BEGIN IMMEDIATE;');
  }
}

/** knex's better-sqlite3 client with two changes: statements prepared once, transactions that begin IMMEDIATE. */
export class SqliteClient extends BetterSqlite3Client {
  /**
   * knex's own `_query` with one change: the statement comes from preparedOnce (statement-cache.ts)
   * instead of a new `prepare` per call. A query asking for safe integers takes knex's path, because
   * that mode would stay set on a shared statement.
   */
  async _query(connection: Database, obj: QueryObject): Promise<QueryObject> {
    const dialect = BetterSqlite3Client.prototype as unknown as DialectMembers;
    if (!obj.sql || !connection || obj.options?.safeIntegers !== undefined) return dialect._query.call(this, connection, obj);
    const statement = preparedOnce(connection, obj.sql);
    const bindings = dialect._formatBindings.call(this, obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  override transaction(...args: unknown[]): Knex.Transaction {
    return new ImmediateTransaction(this, ...args) as unknown as Knex.Transaction;
  }
}
