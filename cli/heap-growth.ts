import type { CliIo } from './cli-io.js';

/**
 * V8's heap may grow to twice what the last full collection left alive (decision 0026). V8's
 * own factor, chosen per collection between 1.1 and 4, let a server at rest after a burst of
 * requests keep 30–60 MB of garbage until its memory reducer ran, some 8 s later.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets the factor for `serve`, unless node was started with a `--heap-growing-percent` of its own
 * (the operator's choice wins; NODE_OPTIONS cannot carry this flag). Answers whether it set it.
 */
export const tuneHeapGrowth = (io: Pick<CliIo, 'execArgv' | 'setV8Flags'>): boolean => {
  if (!io.setV8Flags || io.execArgv?.some((flag) => /^--heap[-_]growing[-_]percent(=|$)/.test(flag))) return false;
  io.setV8Flags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
};
