import type { Knex } from 'knex';
import { guardAgainstOutage } from './adapters/availability/outage-guard.js';
import { OutageTracker } from './adapters/availability/outage-tracker.js';
import { AesGcmSecretBox } from './adapters/aes-gcm-secret-box.js';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher.js';
import { passwordBlocklistFor } from './adapters/blocklist/password-blocklist-for.js';
import { CryptoSecretGenerator } from './adapters/crypto-secret-generator.js';
import { openDatabase } from './adapters/knex/connection/connection.js';
import { databaseFailureOf } from './adapters/knex/connection/database-unavailable.js';
import { KnexAttemptThrottle } from './adapters/knex/knex-attempt-throttle.js';
import { createKnexStore } from './adapters/knex/knex-store.js';
import { probeDatabase } from './adapters/knex/connection/probe-database.js';
import { withSecurityLog } from './adapters/logged-trail.js';
import { OtpauthTotp } from './adapters/otpauth-totp.js';
import { PinoSecurityLog } from './adapters/pino-security-log.js';
import { SimpleWebAuthn } from './adapters/simple-webauthn.js';
import { SystemClock } from './adapters/system-clock.js';
import { UuidV7IdGenerator } from './adapters/uuidv7-id-generator.js';
import type { Config } from './config/config.js';
import { BackchannelRelay } from './oidc/backchannel-relay.js';
import type { Ports } from './core/ports/ports.js';
import type { SecretBox } from './core/ports/secret-box.js';
import { makeUseCases } from './core/use-cases/make-use-cases.js';
import type { UseCases } from './core/use-cases/use-cases.js';
import { createLogger, type Logger } from './runtime/logger.js';
import { MeteredSecurityLog } from './metrics/metered-security-log.js';
import type { Metrics } from './metrics/metrics.js';

export interface Service {
  useCases: UseCases;
  ports: Ports;
  db: Knex;
  /** Whether the database is away right now; what a readiness check should follow. */
  outage: Pick<OutageTracker, 'isDown'>;
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
  Partial<Pick<Config, 'logLevel' | 'secretKey' | 'secretKeyPrevious' | 'publicOrigin' | 'mfaRequired' | 'eventRetentionDays' | 'environment'>>;

/** A composition given no key (a bare service in a test) can run, but can never seal a TOTP secret with a made-up key. */
const NO_KEY: SecretBox = {
  seal: () => {
    throw new Error('no SERVICE_SECRET_KEY was configured');
  },
  open: () => null,
};

/**
 * The one place that knows both the core and the adapters. Tests may replace any port. Security
 * events go to the trail (the database) and, once committed, to `logger`; knex's messages and
 * outages go to `logger` too; without one, to a logger at the configured level (silent when none
 * is). Every use case answers `unavailable` while the database does not. With `metrics`, throttled
 * requests are counted on their way to the log.
 */
export const composeService = (config: ServiceConfig, overrides: Partial<Ports> = {}, logger?: Logger, metrics?: Metrics): Service => {
  const logs = logger ?? createLogger(config.logLevel ?? 'silent');
  const outage = new OutageTracker({ now: Date.now, random: Math.random, log: logs });
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolMax, logger: logs, gate: outage });
  const written = overrides.log ?? new PinoSecurityLog(logs);
  const log = metrics ? new MeteredSecurityLog(written, metrics) : written;
  const clock = overrides.clock ?? new SystemClock();
  const store = createKnexStore(db, clock);
  const ports: Ports = {
    ...store,
    ...withSecurityLog(store, log),
    hasher: new Argon2PasswordHasher(),
    blocklist: passwordBlocklistFor(config),
    secrets: new CryptoSecretGenerator(),
    ids: new UuidV7IdGenerator(),
    clock,
    throttle: new KnexAttemptThrottle(db),
    totp: new OtpauthTotp(),
    secretBox: config.secretKey ? new AesGcmSecretBox(config.secretKey, config.secretKeyPrevious ?? null) : NO_KEY,
    webauthn: new SimpleWebAuthn(config.publicOrigin ?? 'http://localhost:3000'),
    accessMeter: { count: (door, outcome) => metrics?.countAccessDecision(door, outcome) },
    // The provider, once mounted (create-oidc-mount.ts), is who sends; until then nobody listens.
    backchannel: new BackchannelRelay(log),
    ...overrides,
    log,
  };
  const limits = { loginFailuresPerEmail: config.loginFailuresPerEmail, authAttemptsPerAddress: config.authAttemptsPerAddress };
  const useCases = guardAgainstOutage(makeUseCases(ports, limits, config.mfaRequired ?? 'none', config.eventRetentionDays, {
    production: config.environment === 'production',
  }), {
    tracker: outage,
    probe: () => probeDatabase(db),
    failureOf: databaseFailureOf,
    log: logs,
  });
  return { useCases, ports, db, outage, close: () => db.destroy() };
};
