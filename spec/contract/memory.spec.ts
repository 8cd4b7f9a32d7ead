import { createMemoryStore } from '../../src/adapters/memory/memory-store.js';
import { emptyTables } from '../../src/adapters/memory/memory-tables.js';
import { accountRecoveryContract } from './account-recovery.contract.js';
import { adminScopesContract } from './admin-scopes.contract.js';
import { authLookupsContract } from './auth-lookups.contract.js';
import { eventRetentionContract } from './event-retention.contract.js';
import { groupsContract } from './groups.contract.js';
import { healthProbeContract } from './health-probe.contract.js';
import { oidcStoreContract } from './oidc-store.contract.js';
import { oidcUserinfoContract } from './oidc-userinfo.contract.js';
import { pendingActionsContract } from './pending-actions.contract.js';
import { userOidcContract } from './user-oidc.contract.js';
import type { StoreFactory } from './store-factory.js';
import { userScopesContract } from './user-scopes.contract.js';

const factory: StoreFactory = async () => {
  const tables = emptyTables();
  const text = (_key: string, value: unknown): unknown => (value instanceof Map ? [...value] : value);
  return { store: createMemoryStore(undefined, tables), storedText: async () => JSON.stringify(tables, text), cleanup: async () => {} };
};

authLookupsContract('memory', factory);
userScopesContract('memory', factory);
healthProbeContract('memory', factory);
accountRecoveryContract('memory', factory);
eventRetentionContract('memory', factory);
adminScopesContract('memory', factory);
oidcStoreContract('memory', factory);
oidcUserinfoContract('memory', factory);
userOidcContract('memory', factory);
groupsContract('memory', factory);
pendingActionsContract('memory', factory);
