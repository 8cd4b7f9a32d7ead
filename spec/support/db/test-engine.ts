import type { Engine } from '../../../src/adapters/knex/connection/engine.js';

const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

const chosen = (raw: string | undefined): Engine => {
  const engine = (raw || 'sqlite') as Engine;
  // A typo must not quietly fall back to SQLite and report a PostgreSQL run as green.
  if (!ENGINES.includes(engine)) throw new Error(`GATEHOUSE_TEST_ENGINE must be one of ${ENGINES.join(', ')}`);
  return engine;
};

/** The engine of the whole suite: `sqlite` (the default, nothing to install) or `postgres` (npm run test:pg). */
export const TEST_ENGINE: Engine = chosen(process.env.GATEHOUSE_TEST_ENGINE);

/** A server the PostgreSQL run may create and drop databases on. */
export const POSTGRES_SERVER_URL = process.env.GATEHOUSE_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** For spec titles, so a failure says which engine it ran on. */
export const ENGINE_LABEL = TEST_ENGINE === 'sqlite' ? 'SQLite file' : 'PostgreSQL';
