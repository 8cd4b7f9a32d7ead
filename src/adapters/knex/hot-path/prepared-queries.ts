import type { Knex } from 'knex';
import { engineOf } from '../connection/engine.js';
import { PreparedAccessQueries } from './prepared-access-queries.js';
import { PreparedAccountReads } from './prepared-account-reads.js';
import { PreparedAuthQueries } from './prepared-auth-queries.js';
import { PreparedRegistration } from './prepared-registration.js';
import { PreparedScopeQueries } from './prepared-scope-queries.js';

// One set per knex handle: a user scope is opened per request, its statements must not be.
const auth = new WeakMap<Knex, PreparedAuthQueries>();
const scope = new WeakMap<Knex, PreparedScopeQueries>();
const registration = new WeakMap<Knex, PreparedRegistration>();
const access = new WeakMap<Knex, PreparedAccessQueries>();
const account = new WeakMap<Knex, PreparedAccountReads>();

const memoized = <T>(cache: WeakMap<Knex, T>, db: Knex, make: (db: Knex) => T): T => {
  let found = cache.get(db);
  if (!found) cache.set(db, (found = make(db)));
  return found;
};

/** On both engines: the exact-key reads are prepared statements on SQLite and on PostgreSQL. */
export const preparedAuthQueriesFor = (db: Knex): PreparedAuthQueries => memoized(auth, db, (handle) => new PreparedAuthQueries(handle));

/** On both engines: the doors' per-request reads (a host's rules, a user's groups). */
export const preparedAccessQueriesFor = (db: Knex): PreparedAccessQueries => memoized(access, db, (handle) => new PreparedAccessQueries(handle));
/** On both engines: a user scope's reads of its user and groups, outside a transaction. */
export const preparedAccountReadsFor = (db: Knex): PreparedAccountReads => memoized(account, db, (handle) => new PreparedAccountReads(handle));

/** SQLite only: the touches' unsynced commit is a SQLite setting; PostgreSQL keeps knex's builder path. */
export const preparedScopeQueriesFor = (db: Knex): PreparedScopeQueries | null =>
  engineOf(db) === 'sqlite' ? memoized(scope, db, (handle) => new PreparedScopeQueries(handle)) : null;

/** SQLite only, like the scope's: a registration as one unit with its first sign-in's statements. */
export const preparedRegistrationFor = (db: Knex): PreparedRegistration | null => {
  const scopeQueries = preparedScopeQueriesFor(db);
  return scopeQueries && memoized(registration, db, (handle) => new PreparedRegistration(handle, scopeQueries));
};
