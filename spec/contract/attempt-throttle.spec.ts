import { openDatabase } from '../../src/adapters/knex/connection/connection.js';
import { KnexAttemptThrottle } from '../../src/adapters/knex/knex-attempt-throttle.js';
import { MemoryAttemptThrottle } from '../../src/adapters/memory/memory-attempt-throttle.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { ENGINE_LABEL } from '../support/db/test-engine.js';
import { attemptThrottleContract } from './attempt-throttle.contract.js';

attemptThrottleContract('memory', async () => ({ throttle: new MemoryAttemptThrottle(), cleanup: async () => {} }));

// On the suite's engine (GATEHOUSE_TEST_ENGINE). The sibling is a second pool on the same
// database: what another process would hold.
attemptThrottleContract(`knex ${ENGINE_LABEL}`, async () => {
  const temp = await createTempDatabase();
  const other = openDatabase(temp.url);
  return {
    throttle: new KnexAttemptThrottle(temp.db),
    sibling: new KnexAttemptThrottle(other),
    cleanup: async () => {
      await other.destroy();
      await temp.cleanup();
    },
  };
});
