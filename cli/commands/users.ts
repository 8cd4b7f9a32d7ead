import type { Argv, CommandModule } from 'yargs';
import type { CommandContext } from '../command-context.js';
import { changeUserCommand } from './users/change-user.js';
import { listUsersCommand } from './users/list-users.js';
import { setRoleCommand } from './users/set-role.js';

/** `gatehouse users …`: the operator's administration, through the admin use cases (actor `operator`). */
export const usersCommand = (ctx: CommandContext): CommandModule => ({
  command: 'users <command>',
  describe: 'Administer accounts: list, disable, enable, set-role, reset-mfa',
  builder: (yargs: Argv) =>
    yargs
      .command(listUsersCommand(ctx))
      .command(changeUserCommand(ctx, 'disable', 'Disable an account: its sessions end, its tokens stop working', 'disabled', (u, t) => u.disableUser('operator', t)))
      .command(changeUserCommand(ctx, 'enable', 'Enable a disabled account', 'enabled', (u, t) => u.enableUser('operator', t)))
      .command(setRoleCommand(ctx))
      .command(changeUserCommand(ctx, 'reset-mfa', "Remove an account's second factors (a lost phone)", 'second factors removed', (u, t) => u.resetUserMfa('operator', t)))
      .demandCommand(1, 'choose a users command'),
  handler: () => {},
});
