import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { UserRef } from '../../../src/core/domain/admin-principal.js';
import type { UseCases } from '../../../src/core/use-cases/use-cases.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';

type Change = (useCases: UseCases, target: UserRef) => Promise<void>;

/**
 * `users disable|enable|reset-mfa --email E`: the operator acts through the same use case as the
 * admin route, recorded with actor `operator`. An email with no account is refused (exit 1).
 */
export const changeUserCommand = (ctx: CommandContext, name: string, describe: string, done: string, change: Change): CommandModule<object, { email: string }> => ({
  command: name,
  describe,
  builder: (yargs: Argv) => yargs.option('email', { type: 'string', demandOption: true, describe: 'Email of the account' }),
  handler: async (args) => {
    await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => change(useCases, { email: args.email }));
    ctx.err(`${done}: ${args.email}`);
    ctx.done(EXIT_OK);
  },
});
