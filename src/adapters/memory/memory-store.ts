import type { Ports } from '../../core/ports/ports.js';
import { MemoryAdminScope } from './memory-admin-scope.js';
import { MemoryAuthLookups } from './memory-auth-lookups.js';
import { emptyTables } from './memory-tables.js';
import { MemoryUserScope } from './memory-user-scope.js';

/** The same ports as createKnexStore, over maps; held to the same contract suites. */
export function createMemoryStore(): Pick<Ports, 'auth' | 'scopes' | 'admins' | 'health'> {
  const tables = emptyTables();
  return {
    auth: new MemoryAuthLookups(tables),
    scopes: { open: (userId) => new MemoryUserScope(tables, userId) },
    admins: { open: (admin) => new MemoryAdminScope(tables, admin) },
    health: { isDatabaseUp: async () => true, isSchemaCurrent: async () => true },
  };
}
