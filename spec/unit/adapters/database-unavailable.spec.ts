import { expect } from 'chai';
import { databaseFailureOf, DatabaseUnreachableError } from '../../../src/adapters/knex/connection/database-unavailable.js';
import { DomainError } from '../../../src/core/domain/errors.js';

const error = (message: string, fields: Record<string, unknown> = {}): Error => Object.assign(new Error(message), fields);

describe('databaseFailureOf', () => {
  const cases: [string, unknown, string | null][] = [
    ['a connection the gate refused or could not make', new DatabaseUnreachableError('connect ECONNREFUSED'), 'unreachable'],
    ['a refused socket', error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }), 'unreachable'],
    ['a reset socket', error('read ECONNRESET', { code: 'ECONNRESET' }), 'unreachable'],
    ['the server shutting down (57P01)', error('terminating connection due to administrator command', { code: '57P01' }), 'unreachable'],
    ['the server starting up (57P03)', error('the database system is starting up', { code: '57P03' }), 'unreachable'],
    ['too many connections (53300)', error('sorry, too many clients already', { code: '53300' }), 'unreachable'],
    ['a connection exception (class 08)', error('connection failure', { code: '08006' }), 'unreachable'],
    ['a connection lost mid-query', error('select * from "users" - Connection terminated unexpectedly'), 'unreachable'],
    ['pg\'s client-side query timeout', error('Query read timeout'), 'unreachable'],
    ['the pool acquire timeout', error('Knex: Timeout acquiring a connection.', { name: 'KnexTimeoutError' }), 'busy'],
    ['a SQLite file locked past busy_timeout', error('database is locked', { code: 'SQLITE_BUSY' }), 'busy'],
    ['a unique violation', error('duplicate key value', { code: '23505' }), null],
    ['a statement timeout (a slow query is a bug to see)', error('canceling statement due to statement timeout', { code: '57014' }), null],
    ['a missing table', error('relation "users" does not exist', { code: '42P01' }), null],
    ['a programming error', new TypeError('cannot read properties of undefined'), null],
    ['a domain error', new DomainError('not_found'), null],
    ['a thrown string', 'Connection terminated', null],
  ];
  for (const [what, thrown, kind] of cases) {
    it(`${what} → ${String(kind)}`, () => expect(databaseFailureOf(thrown)).to.equal(kind));
  }
});
