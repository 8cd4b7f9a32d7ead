import { composeService } from '../../../src/compose.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { runCli } from '../cli/run-cli.js';
import { PASSWORD } from '../constants.js';
import { createTempDatabase, type TempDatabase } from '../db/temp-database.js';
import { testConfig } from '../http/harness.js';
import { startServerProcess, type ServerProcess } from '../http/server-process.js';
import { freePort } from '../proxy/proxy-process.js';

export interface RegisteredClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface GatehouseForRelyingParties {
  /** http://127.0.0.1:<port>, which is also SERVICE_PUBLIC_URL. */
  origin: string;
  issuer: string;
  database: TempDatabase;
  server: ServerProcess;
  /** `gatehouse oidc-clients create` as an operator runs it; the JSON it prints. */
  registerClient(name: string, redirectUri: string, ...flags: string[]): Promise<RegisteredClient>;
  /** Any other `gatehouse` command an operator runs (groups …); its stdout. */
  run(...args: string[]): Promise<string>;
  /** A user who signs in with PASSWORD. */
  createUser(email: string, displayName: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `gatehouse serve` as its own process on a fresh database, its public URL the loopback address it
 * listens on, so that the issuer a relying party discovers is the one the browser reaches.
 */
export const startGatehouseForRelyingParties = async (): Promise<GatehouseForRelyingParties> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const database = await createTempDatabase();
  const server = await startServerProcess(database.url, { SERVICE_PUBLIC_URL: origin, PORT: String(port) });
  const cliEnv = { PATH: process.env.PATH, SERVICE_DATABASE_URL: database.url, SERVICE_ENVIRONMENT: 'test', SERVICE_PUBLIC_URL: origin };
  return {
    origin,
    issuer: `${origin}/gatehouse/oidc`,
    database,
    server,
    registerClient: async (name, redirectUri, ...flags) => {
      const result = await runCli(['oidc-clients', 'create', '--name', name, '--redirect-uri', redirectUri, ...flags], cliEnv);
      if (result.code !== 0) throw new Error(`oidc-clients create exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as RegisteredClient;
    },
    run: async (...args) => {
      const result = await runCli(args, cliEnv);
      if (result.code !== 0) throw new Error(`gatehouse ${args[0]} exited ${result.code}: ${result.stderr}`);
      return result.stdout;
    },
    createUser: async (email, displayName) => {
      const service = composeService({ ...testConfig({ SERVICE_DATABASE_URL: database.url }), databasePoolMax: 1 }, {}, createLogger('silent'));
      try {
        await service.useCases.createAdmin({ email, password: PASSWORD, display_name: displayName });
      } finally {
        await service.close();
      }
    },
    stop: async () => {
      await server.stop();
      await database.cleanup();
    },
  };
};
