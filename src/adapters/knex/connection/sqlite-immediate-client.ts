import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// knex ships these classes without typings; only the members we touch are declared.
interface TransactionInstance {
  query(connection: unknown, sql: string): Promise<unknown>;
}
type TransactionClass = new (...args: unknown[]) => TransactionInstance;

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

export class ImmediateBetterSqlite3Client extends BetterSqlite3Client {
  override transaction(...args: unknown[]): Knex.Transaction {
    return new ImmediateTransaction(this, ...args) as unknown as Knex.Transaction;
  }
}
