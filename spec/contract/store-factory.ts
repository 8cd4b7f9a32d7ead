import type { Ports } from '../../src/core/ports/ports.js';

export type Store = Pick<Ports, 'auth' | 'scopes' | 'health'>;

export interface StoreUnderTest {
  store: Store;
  /** Makes the backing database unreachable, where the adapter has one (health checks). */
  stopDatabase?: () => Promise<void>;
  cleanup(): Promise<void>;
}

/** Gives a fresh, empty store for each test; one per adapter (memory, SQLite, PostgreSQL). */
export type StoreFactory = () => Promise<StoreUnderTest>;
