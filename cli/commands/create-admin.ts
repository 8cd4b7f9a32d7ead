import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../src/config/config.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK } from '../exit-codes.js';
import { readPassword } from '../read-password.js';
import { withService } from '../with-service.js';

interface CreateAdminArgs {
  email: string;
  'display-name'?: string;
  'password-stdin': boolean;
}

export const createAdminCommand = (ctx: CommandContext): CommandModule<object, CreateAdminArgs> => ({
  command: 'create-admin',
  describe: 'Create an administrator account (password from a hidden prompt or --password-stdin)',
  builder: (yargs: Argv) =>
    yargs
      .option('email', { type: 'string', demandOption: true, describe: 'Email of the new admin' })
      .option('display-name', { type: 'string', describe: 'Defaults to the local part of the email' })
      .option('password-stdin', { type: 'boolean', default: false, describe: 'Read the password from standard input' }),
  handler: async (args) => {
    // Configuration first, so a broken environment fails before anyone types a password.
    const config = loadConfig(ctx.io.env);
    const displayName = args['display-name'];
    const account = { email: args.email, ...(displayName === undefined ? {} : { display_name: displayName }) };
    const user = await withService(config, ctx.io, async ({ useCases }) => {
      // An invalid or existing email is refused before the password is typed (twice), not after.
      await useCases.checkNewAdmin(account);
      const password = await readPassword(ctx.io, args['password-stdin']);
      ctx.keepSecret(password);
      return useCases.createAdmin({ ...account, password });
    });
    ctx.out(`created admin ${user.email} (id ${user.id})`);
    ctx.done(EXIT_OK);
  },
});
