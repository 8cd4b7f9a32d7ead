import type { Clock } from '../../core/ports/clock.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { Store } from '../store.js';
import { SystemClock } from '../system-clock.js';
import { MemoryAdminScope } from './memory-admin-scope.js';
import { MemoryAuthLookups } from './memory-auth-lookups.js';
import { MemoryAccessLookups } from './memory-access-lookups.js';
import { copy, emptyTables, idKey, type MemoryTables } from './memory-tables.js';
import { MemoryUserScope } from './memory-user-scope.js';
import { MemoryPendingActions } from './memory-pending-actions.js';
import { MemoryOidcKeyStore } from './oidc/memory-oidc-key-store.js';
import { MemoryOidcPayloadStore } from './oidc/memory-oidc-payload-store.js';
import { MemoryOidcUserinfoLookup } from './oidc/memory-oidc-userinfo-lookup.js';
import type { OidcClientLookup } from '../../core/ports/oidc-store.js';

/** The same ports as createKnexStore, over maps; held to the same contract suites. */
export function createMemoryStore(
  clock: Clock = new SystemClock(),
  /** Given by a spec that reads what the store keeps, as a copy of the database would. */
  tables: MemoryTables = emptyTables(),
): Store {
  const oidcPayloads = new MemoryOidcPayloadStore(tables, clock);
  const oidcClients: OidcClientLookup = {
    find: async (clientId) => {
      const client = tables.oidcClients.get(clientId);
      return client ? copy(client) : null;
    },
    originAllowed: async (origin) => [...tables.oidcClients.values()].some((c) => c.type === 'public' && c.applicationType === 'web' && c.allowedOrigins.includes(origin)),
  };
  return {
    auth: new MemoryAuthLookups(tables),
    scopes: {
      open: (userId) => new MemoryUserScope(tables, userId),
      openAccountNamedByProvider: (accountId) => (idKey(accountId) === null ? null : new MemoryUserScope(tables, accountId as UserId)),
    },
    retention: {
      deleteEventsBefore: async (cutoff) => {
        const doomed = [...tables.securityEvents].filter(([, event]) => event.createdAt.getTime() < cutoff.getTime());
        for (const [id] of doomed) tables.securityEvents.delete(id);
        return doomed.length;
      },
    },
    admins: { open: (admin) => new MemoryAdminScope(tables, admin) },
    oidcPayloads,
    oidcClients,
    oidcUserinfo: new MemoryOidcUserinfoLookup(tables, oidcPayloads, oidcClients),
    oidcKeys: new MemoryOidcKeyStore(tables),
    access: new MemoryAccessLookups(tables),
    pendingActions: new MemoryPendingActions(),
    health: { isDatabaseUp: async () => true, isSchemaCurrent: async () => true },
  };
}
