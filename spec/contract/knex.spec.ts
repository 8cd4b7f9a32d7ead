import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { adminScopesContract } from './admin-scopes.contract.js';
import { rollback } from '../../src/adapters/knex/migrations/migrator.js';
import { databaseText } from '../support/db/database-text.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { accountRecoveryContract } from './account-recovery.contract.js';
import { authLookupsContract } from './auth-lookups.contract.js';
import { eventRetentionContract } from './event-retention.contract.js';
import { groupsContract } from './groups.contract.js';
import { healthProbeContract } from './health-probe.contract.js';
import { oidcStoreContract } from './oidc-store.contract.js';
import { oidcUserinfoContract } from './oidc-userinfo.contract.js';
import { pendingActionsContract } from './pending-actions.contract.js';
import { userOidcContract } from './user-oidc.contract.js';
import type { DatabaseStoreUnderTest, StoreFactory } from './store-factory.js';
import { userScopesContract } from './user-scopes.contract.js';

// A fresh database with the real migrations for every test (SPEC §1), on the suite's engine.
const withDatabase = async (options: { migrate?: boolean } = {}): Promise<DatabaseStoreUnderTest> => {
  const temp = await createTempDatabase(options);
  return {
    store: createKnexStore(temp.db),
    storedText: () => databaseText(temp.db),
    // Closing the store's only pool leaves it no database to reach, on either engine.
    stopDatabase: () => temp.db.destroy(),
    rollbackLatest: async () => void (await rollback(temp.db)),
    hasTable: (name) => temp.db.schema.hasTable(name),
    cleanup: temp.cleanup,
  };
};
const factory: StoreFactory = Object.assign(withDatabase, { withDatabase });

const adapter = `knex ${ENGINE_LABEL}`;
authLookupsContract(adapter, factory);
userScopesContract(adapter, factory);
healthProbeContract(adapter, factory);
accountRecoveryContract(adapter, factory);
eventRetentionContract(adapter, factory);
adminScopesContract(adapter, factory);
oidcStoreContract(adapter, factory);
oidcUserinfoContract(adapter, factory);
userOidcContract(adapter, factory);
groupsContract(adapter, factory);
pendingActionsContract(adapter, factory);
