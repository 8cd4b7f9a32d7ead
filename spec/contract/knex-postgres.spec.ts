import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { createTempPostgresDatabase, POSTGRES_TEST_URL } from '../support/db/temp-postgres-database.js';
import { authLookupsContract } from './auth-lookups.contract.js';
import { healthProbeContract } from './health-probe.contract.js';
import type { StoreFactory } from './store-factory.js';
import { userScopesContract } from './user-scopes.contract.js';

// Runs only when GATEHOUSE_TEST_POSTGRES_URL names a server; each test gets its own database.
const factory: StoreFactory = async () => {
  const temp = await createTempPostgresDatabase();
  return { store: createKnexStore(temp.db), stopDatabase: () => temp.db.destroy(), cleanup: temp.cleanup };
};

if (POSTGRES_TEST_URL) {
  authLookupsContract('knex postgres', factory);
  userScopesContract('knex postgres', factory);
  healthProbeContract('knex postgres', factory);
}
