import { Writable } from 'node:stream';
import type express from 'express';
import type { Knex } from 'knex';
import { composeService, type Service } from '../../../src/compose.js';
import { loadConfig, type Config, type Env } from '../../../src/config/config.js';
import type { Ports } from '../../../src/core/ports/ports.js';
import type { UseCases } from '../../../src/core/use-cases/use-cases.js';
import { createApp } from '../../../src/create-app.js';
import { createLogger, type Logger } from '../../../src/runtime/logger.js';
import type { Metrics } from '../../../src/metrics/metrics.js';
import { createTempDatabase } from '../db/temp-database.js';

export { ORIGIN } from '../constants.js';
import { ORIGIN } from '../constants.js';

export interface Harness {
  app: express.Express;
  useCases: UseCases;
  config: Config;
  /** Every JSON log line the app wrote, for assertions about what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
}

export const memoryLog = (): { lines: string[]; stream: Writable } => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
};

/** Throttling is off unless a spec turns it on: route specs make more than 100 attempts from one address. */
export const testConfig = (env: Env = {}): Config =>
  loadConfig({
    SERVICE_ENVIRONMENT: 'test',
    SERVICE_PUBLIC_URL: ORIGIN,
    SERVICE_LOGIN_FAILURES_PER_EMAIL: '0',
    SERVICE_AUTH_ATTEMPTS_PER_ADDRESS: '0',
    ...env,
  });

export interface DatabaseHarness extends Harness {
  /** The composition behind the app, for specs that call its use cases or ports directly. */
  service: Service;
  /** A second connection to the service's database, to check what is really stored. */
  db: Knex;
  /** The SERVICE_DATABASE_URL of that file, for other processes. */
  databaseUrl: string;
}

export interface HarnessOptions {
  /**
   * Keep the throttle limits of the configuration (the defaults: 10 failures per email, 100
   * attempts per address, unless `env` says otherwise), as the throttle specs need; route specs
   * make more attempts than that from one address, so by default both limits are off.
   */
  throttled?: boolean;
}

/**
 * createApp wired to the real composition on a migrated temporary database; `ports` replaces some
 * (a clock), `metrics` is wired as `gatehouse serve` wires it when SERVICE_METRICS_ADDRESS is set.
 */
export const startHarness = async (env: Env = {}, ports: Partial<Ports> = {}, metrics?: Metrics, options: HarnessOptions = {}): Promise<DatabaseHarness> => {
  const database = await createTempDatabase();
  const config = options.throttled
    ? loadConfig({ SERVICE_ENVIRONMENT: 'test', SERVICE_PUBLIC_URL: ORIGIN, SERVICE_DATABASE_URL: database.url, ...env })
    : testConfig({ SERVICE_DATABASE_URL: database.url, ...env });
  const log = memoryLog();
  // One captured logger for requests and security events alike, as `gatehouse serve` wires it.
  const logger = createLogger('info', log.stream);
  const service: Service = composeService({ ...config, databasePoolMax: 1 }, ports, logger, metrics);
  const close = async () => {
    await service.close();
    await database.cleanup();
  };
  const harness = withService(service, config, close, { lines: log.lines, logger }, metrics);
  return { ...harness, service, db: database.db, databaseUrl: database.url };
};

/**
 * createApp over any UseCases (a stub, for failures the real composition cannot produce on demand);
 * given the composition's ports, the session cookie reads the same clock as the core.
 */
export const withService = (
  service: Pick<Service, 'useCases'> & { ports?: Pick<Ports, 'clock'> },
  config: Config,
  close: () => Promise<void> = async () => {},
  captured?: { lines: string[]; logger: Logger },
  metrics?: Metrics,
): Harness => {
  const { lines, logger } = captured ?? (({ lines, stream }) => ({ lines, logger: createLogger('info', stream) }))(memoryLog());
  const app = createApp({ useCases: service.useCases, config, logger, metrics, clock: service.ports?.clock });
  return { app, useCases: service.useCases, config, logs: lines, close };
};
