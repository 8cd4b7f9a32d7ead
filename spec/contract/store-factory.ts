import type { Store } from '../../src/adapters/store.js';

export type { Store } from '../../src/adapters/store.js';

export interface StoreUnderTest {
  store: Store;
  /** Everything the store keeps, as text: what a copy of its database would give away. */
  storedText(): Promise<string>;
  cleanup(): Promise<void>;
}

/** A store on a real database, which a test can take away (health checks). */
export interface DatabaseStoreUnderTest extends StoreUnderTest {
  stopDatabase(): Promise<void>;
  /** Reverts the latest migration, leaving the schema one behind. */
  rollbackLatest(): Promise<void>;
  hasTable(name: string): Promise<boolean>;
}

/**
 * Gives a fresh, empty store for each test; one per adapter (memory, Knex on the suite's engine).
 * `withDatabase` is a capability, known when the suites are declared: adapters without a database
 * (memory) simply do not have the cases that need one, instead of skipping them at run time.
 */
export interface StoreFactory {
  (): Promise<StoreUnderTest>;
  withDatabase?: (options?: { migrate?: boolean }) => Promise<DatabaseStoreUnderTest>;
}
