import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';

interface SetRoleArgs {
  email: string;
  role: string;
}

/** The only way a role changes; demoting the last enabled admin is refused (last_admin, exit 1). */
export const setRoleCommand = (ctx: CommandContext): CommandModule<object, SetRoleArgs> => ({
  command: 'set-role',
  describe: "Make an account an admin or a member",
  builder: (yargs: Argv) =>
    yargs
      .option('email', { type: 'string', demandOption: true, describe: 'Email of the account' })
      .option('role', { type: 'string', demandOption: true, choices: ['admin', 'member'], describe: 'The new role' }),
  handler: async (args) => {
    await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.setRole('operator', { email: args.email }, { role: args.role }));
    ctx.err(`role set to ${args.role}: ${args.email}`);
    ctx.done(EXIT_OK);
  },
});
