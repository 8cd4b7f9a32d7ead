import type { Database } from 'better-sqlite3';
import { addSqlFunctions } from './sqlite-functions.js';

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MiB, which a
 * connection fills as soon as its working set outgrows that (100 000 users and sessions do): two
 * connections, the pool's and the hot path's reader, held 16–24 MB more of the process's memory than
 * at 4 MiB. The pages it no longer keeps are still in the operating system's file cache, so a miss
 * costs a read call, not a disk read (decision 0028 has both sides measured).
 */
export const SQLITE_PAGE_CACHE_KIB = 4096;

/**
 * What every connection to the database file sets, the pool's and the reader's alike: these
 * pragmas and the service's SQL functions (sqlite-functions.ts) are per connection, not per file. FULL, not NORMAL: a power cut must not roll back a
 * committed logout, revocation or password change (decision 0024).
 */
export const setConnectionPragmas = (connection: Database): void => {
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = FULL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  addSqlFunctions(connection);
};
