import type { Argv, CommandModule } from 'yargs';
import type { CommandContext } from '../command-context.js';
import { rotateKeysCommand } from './oidc/rotate-keys.js';

/** `gatehouse oidc …`: the OpenID provider itself (its clients are `gatehouse oidc-clients`). */
export const oidcCommand = (ctx: CommandContext): CommandModule => ({
  command: 'oidc <command>',
  describe: 'The OpenID provider: rotate-keys',
  builder: (yargs: Argv) => yargs.command(rotateKeysCommand(ctx)).demandCommand(1, 'choose an oidc command'),
  handler: () => {},
});
