import type { Knex } from 'knex';
import { AesGcmSecretBox } from './adapters/aes-gcm-secret-box.js';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher.js';
import { CryptoSecretGenerator } from './adapters/crypto-secret-generator.js';
import { openDatabase } from './adapters/knex/connection.js';
import { KnexAttemptThrottle } from './adapters/knex/knex-attempt-throttle.js';
import { createKnexStore } from './adapters/knex/knex-store.js';
import { withSecurityLog } from './adapters/logged-trail.js';
import { OtpauthTotp } from './adapters/otpauth-totp.js';
import { PinoSecurityLog } from './adapters/pino-security-log.js';
import { SimpleWebAuthn } from './adapters/simple-webauthn.js';
import { SystemClock } from './adapters/system-clock.js';
import { UuidV7IdGenerator } from './adapters/uuidv7-id-generator.js';
import type { Config } from './config.js';
import type { Ports } from './core/ports/ports.js';
import type { SecretBox } from './core/ports/secret-box.js';
import { makeUseCases } from './core/use-cases/make-use-cases.js';
import type { UseCases } from './core/use-cases/use-cases.js';
import { createLogger, type Logger } from './logger.js';

export interface Service {
  useCases: UseCases;
  ports: Ports;
  db: Knex;
  close(): Promise<void>;
}

/** Throttle limits are required, so that no caller ends up unthrottled by forgetting them (0 = off). */
export type ServiceConfig = Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'loginFailuresPerEmail' | 'authAttemptsPerAddress'> &
  Partial<Pick<Config, 'logLevel' | 'secretKey' | 'secretKeyPrevious' | 'publicOrigin' | 'mfaRequired'>>;

/** A composition given no key (a bare service in a test) can run, but can never seal a TOTP secret with a made-up key. */
const NO_KEY: SecretBox = {
  seal: () => {
    throw new Error('no SERVICE_SECRET_KEY was configured');
  },
  open: () => null,
};

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
    secrets: new CryptoSecretGenerator(),
    ids: new UuidV7IdGenerator(),
    clock: new SystemClock(),
    throttle: new KnexAttemptThrottle(db),
    log,
    totp: new OtpauthTotp(),
    secretBox: config.secretKey ? new AesGcmSecretBox(config.secretKey, config.secretKeyPrevious ?? null) : NO_KEY,
    webauthn: new SimpleWebAuthn(config.publicOrigin ?? 'http://localhost:3000'),
    ...overrides,
  };
  const limits = { loginFailuresPerEmail: config.loginFailuresPerEmail, authAttemptsPerAddress: config.authAttemptsPerAddress };
  return { useCases: makeUseCases(ports, limits, config.mfaRequired ?? 'none'), ports, db, close: () => db.destroy() };
};
