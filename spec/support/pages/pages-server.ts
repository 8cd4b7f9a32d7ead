import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeService, type Service } from '../../../src/compose.js';
import type { Config } from '../../../src/config/config.js';
import { createApp } from '../../../src/create-app.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { PASSWORD } from '../constants.js';
import { createTempDatabase, type TempDatabase } from '../db/temp-database.js';
import { testConfig } from '../http/harness.js';

export const ADMIN_EMAIL = 'admin@example.com';

export interface PagesServer {
  /** http://localhost:<port>: a secure context for WebAuthn, and SERVICE_PUBLIC_URL. */
  origin: string;
  service: Service;
  config: Config;
  database: TempDatabase;
  close(): Promise<void>;
}

/**
 * The whole app listening on a loopback port over a fresh database of the suite's engine (real
 * migrations), with an admin, for a browser to drive. The listener comes first: the public origin
 * is the port it was given.
 */
export const startPagesServer = async (env: Record<string, string> = {}, { withAdmin = true } = {}): Promise<PagesServer> => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const database = await createTempDatabase();
  const config = testConfig({ SERVICE_DATABASE_URL: database.url, SERVICE_PUBLIC_URL: origin, ...env });
  const logger = createLogger('silent');
  const service = composeService({ ...config, databasePoolMax: 2 }, {}, logger);
  const app = createApp({ useCases: service.useCases, config, logger });
  server.on('request', app);
  if (withAdmin) await service.useCases.createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, display_name: 'Ada Admin' });
  return {
    origin,
    service,
    config,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      await database.cleanup();
    },
  };
};
