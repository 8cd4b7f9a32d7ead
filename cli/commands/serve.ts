import type { Argv, CommandModule } from 'yargs';
import { migrateLatest } from '../../src/adapters/knex/migrations/migrator.js';
import { composeService } from '../../src/compose.js';
import { loadConfig } from '../../src/config/config.js';
import { bufferedStdout, createLogger, flushLog } from '../../src/runtime/logger.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK } from '../exit-codes.js';

export const serveCommand = (ctx: CommandContext): CommandModule<object, { migrate: boolean }> => ({
  command: 'serve',
  describe: 'Run migrations to latest (unless --no-migrate) and serve HTTP on HOST:PORT',
  builder: (yargs: Argv) =>
    yargs.option('migrate', { type: 'boolean', default: true, describe: 'Migrate to latest first (--no-migrate skips it)' }),
  handler: async ({ migrate }) => {
    const config = loadConfig(ctx.io.env);
    // Loaded here, not at the top: express and the docs UI would slow every other command's start,
    // and oidc-provider warns on Node.js 20 at import (decision 0022), which no other command should print.
    const [{ createApp }, { startServer }, { serveMetrics }, { scheduleEventRetention }, { connectionLimitsOf }, { createOidcMount }, { collectWhenIdle }] = await Promise.all([
      import('../../src/create-app.js'),
      import('../../src/web/server.js'),
      import('../../src/metrics/serve-metrics.js'),
      import('../../src/runtime/event-retention-schedule.js'),
      import('../../src/runtime/connection-limits.js'),
      import('../../src/oidc/create-oidc-mount.js'),
      import('../../src/runtime/idle-collection.js'),
    ]);
    // The access log goes out in batches (src/logger.ts); every stop below writes out the rest.
    const destination = bufferedStdout();
    const logger = createLogger(config.logLevel, destination);
    const { metrics, listener } = await serveMetrics(config.metricsAddress);
    const service = composeService(config, {}, logger, metrics);
    let stopRetention = (): void => undefined;
    let stopOidcPurge = (): void => undefined;
    let stopIdleCollection = (): void => undefined;
    const onClose = async (): Promise<void> => {
      stopRetention();
      stopOidcPurge();
      stopIdleCollection();
      await service.close();
    };
    try {
      if (migrate) await migrateLatest(service.db);
      // Security events past SERVICE_EVENT_RETENTION_DAYS go now and hourly, beside the requests.
      stopRetention = scheduleEventRetention(() => service.useCases.purgeExpiredEvents(), logger).stop;
      // Expired OpenID codes, tokens, sessions and interactions: invisible already, deleted on the same beat.
      const purgeOidc = () => service.useCases.purgeExpiredOidcPayloads();
      stopOidcPurge = scheduleEventRetention(purgeOidc, logger, undefined, undefined, 'expired OpenID codes, tokens and sessions').stop;
      const oidc = createOidcMount({ useCases: service.useCases, ports: service.ports, config, logger, metrics });
      const app = createApp({ useCases: service.useCases, config, logger, metrics, clock: service.ports.clock, oidc });
      // The docs page is mounted outside production only; its address is the public one the CSRF rule expects.
      const docsUrl = config.environment === 'production' ? undefined : `${config.publicOrigin}/api/v1/docs`;
      const limits = connectionLimitsOf(config);
      const server = await startServer(app, { host: config.host, port: config.port, logger, onClose, metrics: listener, docsUrl, limits });
      // A load's garbage goes back to the system once the service is quiet (decision 0027).
      stopIdleCollection = collectWhenIdle().stop;
      await flushLog(destination); // the start-up lines at once: whoever waits for "listening" reads it now
      // Returns only after SIGTERM/SIGINT and a graceful drain; the process then exits 0.
      await server.closed;
    } catch (error) {
      await onClose();
      await flushLog(destination);
      throw error;
    }
    await flushLog(destination);
    ctx.done(EXIT_OK);
  },
});
