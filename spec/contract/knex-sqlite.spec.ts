import { createKnexStore } from '../../src/adapters/knex/knex-store.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { authLookupsContract } from './auth-lookups.contract.js';
import { healthProbeContract } from './health-probe.contract.js';
import type { StoreFactory } from './store-factory.js';
import { userScopesContract } from './user-scopes.contract.js';

// A real file and the real migrations for every test, as SPEC §1 asks.
const factory: StoreFactory = async () => {
  const temp = await createTempDatabase();
  return { store: createKnexStore(temp.db), stopDatabase: () => temp.db.destroy(), cleanup: temp.cleanup };
};

authLookupsContract('knex sqlite', factory);
userScopesContract('knex sqlite', factory);
healthProbeContract('knex sqlite', factory);
