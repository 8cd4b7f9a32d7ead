import type { Argv, CommandModule } from 'yargs';
import type { CommandContext } from '../command-context.js';
import { createOidcClientCommand } from './oidc-clients/create-oidc-client.js';
import { deleteOidcClientCommand } from './oidc-clients/delete-oidc-client.js';
import { listOidcClientsCommand } from './oidc-clients/list-oidc-clients.js';
import { updateOidcClientCommand } from './oidc-clients/update-oidc-client.js';

/** `gatehouse oidc-clients …`: the OpenID Connect clients, through the admin use cases as the operator. */
export const oidcClientsCommand = (ctx: CommandContext): CommandModule => ({
  command: 'oidc-clients <command>',
  describe: 'Register OpenID Connect clients: create, list, update, delete',
  builder: (yargs: Argv) =>
    yargs
      .command(createOidcClientCommand(ctx))
      .command(listOidcClientsCommand(ctx))
      .command(updateOidcClientCommand(ctx))
      .command(deleteOidcClientCommand(ctx))
      .demandCommand(1, 'choose an oidc-clients command'),
  handler: () => {},
});
