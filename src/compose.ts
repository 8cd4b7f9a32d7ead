import type { Knex } from 'knex';
import { Argon2PasswordHasher } from './adapters/argon2-password-hasher.js';
import { CryptoSecretGenerator } from './adapters/crypto-secret-generator.js';
import { openDatabase } from './adapters/knex/connection.js';
import { createKnexStore } from './adapters/knex/knex-store.js';
import { SystemClock } from './adapters/system-clock.js';
import { UuidV7IdGenerator } from './adapters/uuidv7-id-generator.js';
import type { Config } from './config.js';
import type { Ports } from './core/ports/ports.js';
import { makeUseCases } from './core/use-cases/make-use-cases.js';
import type { UseCases } from './core/use-cases/use-cases.js';

export interface Service {
  useCases: UseCases;
  ports: Ports;
  db: Knex;
  close(): Promise<void>;
}

/** The one place that knows both the core and the adapters. Tests may replace any port. */
export const composeService = (config: Pick<Config, 'databaseUrl' | 'databasePoolMax'>, overrides: Partial<Ports> = {}): Service => {
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  const ports: Ports = {
    ...createKnexStore(db),
    hasher: new Argon2PasswordHasher(),
    secrets: new CryptoSecretGenerator(),
    ids: new UuidV7IdGenerator(),
    clock: new SystemClock(),
    ...overrides,
  };
  return { useCases: makeUseCases(ports), ports, db, close: () => db.destroy() };
};
