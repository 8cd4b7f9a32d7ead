import { runCli, type CliResult } from '../../support/cli/run-cli.js';
import { ORIGIN } from '../../support/http/harness.js';
import { startServerProcess, type ServerProcess } from '../../support/http/server-process.js';

/** What a deployment sets for every instance; PGAPPNAME names each one's connections in pg_stat_activity. */
const instanceEnv = (databaseUrl: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  SERVICE_ENVIRONMENT: 'test',
  SERVICE_DATABASE_URL: databaseUrl,
  SERVICE_PUBLIC_URL: ORIGIN,
  SERVICE_LOG_LEVEL: 'warn',
});

/** The built `gatehouse` executable, as an operator runs it once per deploy (migrate, create-admin…). */
export const gatehouse = (databaseUrl: string, args: string[], stdin?: string): Promise<CliResult> =>
  runCli(args, instanceEnv(databaseUrl), stdin);

export type Instance = ServerProcess;

/** One of N `gatehouse serve --no-migrate` instances on the shared database. */
export const startInstance = (databaseUrl: string, extra: Record<string, string> = {}): Promise<Instance> =>
  startServerProcess(databaseUrl, extra);
