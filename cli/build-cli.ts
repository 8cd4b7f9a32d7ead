import yargs from 'yargs';
import type { CliIo } from './cli-io.js';
import { createCommandContext } from './command-context.js';
import { createAdminCommand } from './commands/create-admin.js';
import { createInviteCommand } from './commands/create-invite.js';
import { dbCheckCommand } from './commands/db-check.js';
import { oidcClientsCommand } from './commands/oidc-clients.js';
import { migrateCommand } from './commands/migrate.js';
import { oidcCommand } from './commands/oidc.js';
import { recoveryCodeCommand } from './commands/recovery-code.js';
import { serveCommand } from './commands/serve.js';
import { usersCommand } from './commands/users.js';
import { groupsCommand } from './commands/groups.js';
import { forwardAuthCommand } from './commands/forward-auth.js';
import { EXIT_OK } from './exit-codes.js';
import { packageVersion } from './package-version.js';
import { reportError } from './report-error.js';
import { describeUsageProblem } from './usage-problem.js';
import { UsageError } from './usage-error.js';

const parseAndRun = async (io: CliIo): Promise<number> => {
  let exitCode = EXIT_OK;
  const ctx = createCommandContext(io, (code) => (exitCode = code));
  const parser = yargs()
    .scriptName('gatehouse')
    .usage('$0 <command> [options]')
    .parserConfiguration({ 'duplicate-arguments-array': false })
    .command(serveCommand(ctx))
    .command(migrateCommand(ctx))
    .command(dbCheckCommand(ctx))
    .command(createAdminCommand(ctx))
    .command(createInviteCommand(ctx))
    .command(recoveryCodeCommand(ctx))
    .command(oidcClientsCommand(ctx))
    .command(usersCommand(ctx))
    .command(oidcCommand(ctx))
    .command(groupsCommand(ctx))
    .command(forwardAuthCommand(ctx))
    .demandCommand(1, 'choose a command')
    .strict()
    .help()
    .version(packageVersion())
    .exitProcess(false)
    // Throwing is what stops yargs from running the handler after a usage error.
    .fail((message, error) => {
      throw error ?? new UsageError(`${describeUsageProblem(message, io.argv)} (see gatehouse --help)`);
    });
  try {
    let helpText = '';
    await parser.parseAsync(io.argv, {}, (_error, _argv, output) => {
      helpText = output;
    });
    if (helpText) ctx.out(helpText);
    return exitCode;
  } catch (error) {
    return reportError(error, ctx.err);
  }
};

/** The yargs driving adapter. It never touches `process`: main.ts hands it a CliIo. */
export const buildCli = (io: CliIo) => ({
  run: async (): Promise<void> => io.exit(await parseAndRun(io)),
});
