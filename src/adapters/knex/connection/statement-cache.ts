import type { Database, Statement } from 'better-sqlite3';

// Enough for every statement the service's builders produce (a few hundred distinct SQL texts);
// the bound only matters for SQL that varies with its input, such as a whereIn of any length.
const STATEMENTS_PER_CONNECTION = 512;

const cache = new WeakMap<Database, Map<string, Statement>>();

/**
 * A statement prepared once per connection and SQL text. knex's better-sqlite3 dialect prepares
 * every query again on every call, which SQLite answers by parsing and planning the SQL anew: a
 * login's dozen statements spent a quarter of a millisecond in `prepare` alone. Only the compiled
 * statement is kept, never a result: each call steps it afresh on the database.
 */
export const preparedOnce = (connection: Database, sql: string): Statement => {
  let statements = cache.get(connection);
  if (!statements) cache.set(connection, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    // First in, first out: the oldest texts are the likeliest to be one-offs (migrations, DDL).
    if (statements.size >= STATEMENTS_PER_CONNECTION) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
  }
  return statement;
};
