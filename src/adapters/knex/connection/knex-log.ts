import { inspect } from 'node:util';
import type { Knex } from 'knex';
import type { Logger } from '../../../runtime/logger.js';

// Left to itself knex prints these with console.log, as plain multi-line text on stdout. Failed
// acquisitions repeat once per request during an outage, which the outage tracker logs once instead.
const PER_REQUEST_NOISE = /^(Acquire connection error|Connection Error)/;

const textOf = (message: unknown): string => (typeof message === 'string' ? message : inspect(message, { breakLength: Infinity }));

/** knex's own messages as JSON lines of `logger` (source "knex"); none at all without a logger. */
export const knexLog = (logger?: Pick<Logger, 'debug' | 'warn' | 'error'>): Knex.Config['log'] => {
  if (!logger) return { debug: () => {}, warn: () => {}, error: () => {}, deprecate: () => {} };
  return {
    debug: (message: unknown) => logger.debug({ source: 'knex' }, textOf(message)),
    warn: (message: unknown) => {
      const text = textOf(message);
      if (PER_REQUEST_NOISE.test(text)) logger.debug({ source: 'knex' }, text);
      else logger.warn({ source: 'knex' }, text);
    },
    error: (message: unknown) => logger.error({ source: 'knex' }, textOf(message)),
    deprecate: (message: unknown) => logger.warn({ source: 'knex' }, textOf(message)),
  };
};
