import { composeService } from '../../src/compose.js';
import { loadConfig } from '../../src/config/config.js';
import { createApp } from '../../src/create-app.js';
import { createLogger } from '../../src/runtime/logger.js';
import { startServer } from '../../src/web/server.js';

// One `gatehouse serve`-like process configured from its environment (database, PORT): prints
// `ready` once listening, serves until a line arrives on standard input, then shuts down.
const config = loadConfig({ ...process.env, SERVICE_ENVIRONMENT: 'test', HOST: '127.0.0.1', SERVICE_LOG_LEVEL: 'silent' });
const logger = createLogger(config.logLevel);
const service = composeService(config, {}, logger);
const server = await startServer(createApp({ useCases: service.useCases, config, logger, clock: service.ports.clock }), {
  host: config.host,
  port: config.port,
  logger,
  onClose: service.close,
  signals: { once: () => undefined, off: () => undefined },
});
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
await server.shutdown();
