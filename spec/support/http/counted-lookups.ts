import type { UseCases } from '../../../src/core/use-cases/use-cases.js';

const COUNTED = ['authenticateSession', 'authenticateApiToken', 'describeSignIn'] as const;
export type Lookup = (typeof COUNTED)[number];
export type LookupCounts = Record<Lookup, number>;

export interface CountedLookups {
  /** The same use cases, each credential lookup counted as the web calls it. */
  useCases: UseCases;
  /** The lookups `run` made: with one request in flight at a time, that request's lookups. */
  during(run: () => Promise<unknown>): Promise<LookupCounts>;
}

export const countLookups = (real: UseCases): CountedLookups => {
  const counts: LookupCounts = { authenticateSession: 0, authenticateApiToken: 0, describeSignIn: 0 };
  const useCases: UseCases = {
    ...real,
    authenticateSession: (...args) => {
      counts.authenticateSession += 1;
      return real.authenticateSession(...args);
    },
    authenticateApiToken: (...args) => {
      counts.authenticateApiToken += 1;
      return real.authenticateApiToken(...args);
    },
    describeSignIn: (...args) => {
      counts.describeSignIn += 1;
      return real.describeSignIn(...args);
    },
  };
  return {
    useCases,
    during: async (run) => {
      const before = { ...counts };
      await run();
      return Object.fromEntries(COUNTED.map((name) => [name, counts[name] - before[name]])) as LookupCounts;
    },
  };
};
