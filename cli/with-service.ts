import type { Knex } from 'knex';
import { openDatabase } from '../src/adapters/knex/connection/connection.js';
import { composeService, type Service } from '../src/compose.js';
import type { Config } from '../src/config/config.js';
import { createLogger } from '../src/runtime/logger.js';
import type { CliIo } from './cli-io.js';

/**
 * Security events are JSON lines for a log collector, not for the person at the terminal: the CLI
 * writes them only when SERVICE_LOG_LEVEL (or its _FILE form) asks for a level.
 */
const cliLogLevel = (config: Config, io: CliIo): string =>
  io.env.SERVICE_LOG_LEVEL || io.env.SERVICE_LOG_LEVEL_FILE ? config.logLevel : 'silent';

/**
 * Runs one operation on a composed service and always releases the database afterwards. Security
 * events, when asked for, go to stderr: stdout is the command's answer (`CODE=$(gatehouse create-invite …)`).
 */
export const withService = async <T>(config: Config, io: CliIo, operation: (service: Service) => Promise<T>): Promise<T> => {
  const logger = createLogger(cliLogLevel(config, io), { write: (line: string) => io.stderr(line) });
  const service = composeService(config, {}, logger);
  try {
    return await operation(service);
  } finally {
    await service.close();
  }
};

/** The schema tools need only a connection, not the use cases. */
export const withDatabase = async <T>(config: Config, operation: (db: Knex) => Promise<T>): Promise<T> => {
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    return await operation(db);
  } finally {
    await db.destroy();
  }
};
