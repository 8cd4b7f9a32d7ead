import type { Knex } from 'knex';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher.js';
import { passwordBlocklistFor } from './adapters/blocklist/password-blocklist-for.js';
import { CryptoSecretGenerator } from './adapters/crypto-secret-generator.js';
import { openDatabase } from './adapters/knex/connection.js';
import { KnexAttemptThrottle } from './adapters/knex/knex-attempt-throttle.js';
import { createKnexStore } from './adapters/knex/knex-store.js';
import { withSecurityLog } from './adapters/logged-trail.js';
import { PinoSecurityLog } from './adapters/pino-security-log.js';
import { SystemClock } from './adapters/system-clock.js';
import { UuidV7IdGenerator } from './adapters/uuidv7-id-generator.js';
import type { Config } from './config.js';
import type { Ports } from './core/ports/ports.js';
import { makeUseCases } from './core/use-cases/make-use-cases.js';
import type { UseCases } from './core/use-cases/use-cases.js';
import { createLogger, type Logger } from './logger.js';

export interface Service {
  useCases: UseCases;
  ports: Ports;
  db: Knex;
  close(): Promise<void>;
}

/**
 * Throttle limits are required, so that no caller ends up unthrottled by forgetting them (0 = off);
 * so are the password settings, so that none drops the operator's Pwned Passwords file.
 */
export type ServiceConfig = Pick<
  Config,
  'databaseUrl' | 'databasePoolMax' | 'loginFailuresPerEmail' | 'authAttemptsPerAddress' | 'passwordContextWords' | 'pwnedPasswordsPath'
> &
  Partial<Pick<Config, 'logLevel'>>;

/**
 * The one place that knows both the core and the adapters. Tests may replace any port. Security
 * events go to the trail (the database) and, once committed, to `logger`; without one, to a logger
 * at the configured level (silent when none is).
 */
export const composeService = (config: ServiceConfig, overrides: Partial<Ports> = {}, logger?: Logger): Service => {
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  const log = overrides.log ?? new PinoSecurityLog(logger ?? createLogger(config.logLevel ?? 'silent'));
  const store = createKnexStore(db);
  const ports: Ports = {
    ...store,
    ...withSecurityLog(store, log),
    hasher: new Argon2PasswordHasher(),
    blocklist: passwordBlocklistFor(config),
    secrets: new CryptoSecretGenerator(),
    ids: new UuidV7IdGenerator(),
    clock: new SystemClock(),
    throttle: new KnexAttemptThrottle(db),
    log,
    ...overrides,
  };
  const limits = { loginFailuresPerEmail: config.loginFailuresPerEmail, authAttemptsPerAddress: config.authAttemptsPerAddress };
  return { useCases: makeUseCases(ports, limits), ports, db, close: () => db.destroy() };
};
