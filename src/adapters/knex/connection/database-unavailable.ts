/** A connection that could not be made, or that the outage tracker did not let the pool attempt. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * `unreachable`: no connection, or the connection went away under the query (an outage, until
 * one succeeds again). `busy`: the database or the pool did not answer in time (saturation).
 */
export type DatabaseFailure = 'unreachable' | 'busy';

// Node's socket errors: nothing answers at that address, or the peer went away.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE 57P01–57P03: shutdown, crash, starting up; 53300: too many connections. Class 08 is matched below.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// pg reports a connection lost mid-query, and its client-side timeouts, only by message (knex puts the SQL before it).
const LOST_CONNECTION = /\b(Connection terminated|Query read timeout|timeout expired|Client has encountered a connection error)/;

const fieldsOf = (error: object): { name: unknown; code: unknown; message: unknown } => {
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return { name, code, message };
};

/** Which kind of database unavailability `error` is, or null when it is anything else (a bug, a constraint…). */
export const databaseFailureOf = (error: unknown): DatabaseFailure | null => {
  if (error instanceof DatabaseUnreachableError) return 'unreachable';
  if (typeof error !== 'object' || error === null) return null;
  const { name, code, message } = fieldsOf(error);
  if (name === 'KnexTimeoutError' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))) return 'busy';
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return 'unreachable';
  }
  return typeof message === 'string' && LOST_CONNECTION.test(message) ? 'unreachable' : null;
};
