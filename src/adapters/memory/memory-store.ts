import type { Ports } from '../../core/ports/ports.js';
import { MemoryAdminScope } from './memory-admin-scope.js';
import { MemoryAuthLookups } from './memory-auth-lookups.js';
import { emptyTables } from './memory-tables.js';
import { MemoryUserScope } from './memory-user-scope.js';

/** The same ports as createKnexStore, over maps; held to the same contract suites. */
export function createMemoryStore(): Pick<Ports, 'auth' | 'scopes' | 'admins' | 'health' | 'retention'> {
  const tables = emptyTables();
  return {
    auth: new MemoryAuthLookups(tables),
    scopes: { open: (userId) => new MemoryUserScope(tables, userId) },
    retention: {
      deleteEventsBefore: async (cutoff) => {
        const doomed = [...tables.securityEvents].filter(([, event]) => event.createdAt.getTime() < cutoff.getTime());
        for (const [id] of doomed) tables.securityEvents.delete(id);
        return doomed.length;
      },
    },
    admins: { open: (admin) => new MemoryAdminScope(tables, admin) },
    health: { isDatabaseUp: async () => true, isSchemaCurrent: async () => true },
  };
}
