import type express from 'express';
import type { Knex } from 'knex';
import { composeService, type Service } from '../../src/compose.js';
import { loadConfig, type Config, type Env } from '../../src/config/config.js';
import type { Ports } from '../../src/core/ports/ports.js';
import { createApp } from '../../src/http/create-app.js';
import { createLogger } from '../../src/logger.js';
import { createTempDatabase } from '../support/db/temp-database.js';
import { memoryLog, ORIGIN } from '../support/http/harness.js';

export interface AppUnderTest {
  app: express.Express;
  service: Service;
  config: Config;
  /** A second connection to the same database, to count what is really stored. */
  db: Knex;
  databaseUrl: string;
  /** Every JSON line written: request lines and security events alike. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * The real composition on a fresh migrated database, configured from `env` like `gatehouse serve`
 * (throttle limits included), with one captured logger for the app and the security events.
 */
export const startApp = async (env: Env = {}, ports: Partial<Ports> = {}): Promise<AppUnderTest> => {
  const database = await createTempDatabase();
  // The contract's default limits (10 failures per email, 100 attempts per address) unless env says otherwise.
  const config = loadConfig({ SERVICE_ENVIRONMENT: 'test', SERVICE_PUBLIC_URL: ORIGIN, SERVICE_DATABASE_URL: database.url, ...env });
  const log = memoryLog();
  const logger = createLogger('info', log.stream);
  const service = composeService({ ...config, databasePoolMax: 1 }, ports, logger);
  const app = createApp({ useCases: service.useCases, config, logger });
  const close = async () => {
    await service.close();
    await database.cleanup();
  };
  return { app, service, config, db: database.db, databaseUrl: database.url, logs: log.lines, close };
};
