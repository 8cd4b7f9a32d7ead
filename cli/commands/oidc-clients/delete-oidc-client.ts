import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';

/** Deletes the client with every grant and token issued to it; an unknown id is refused (exit 1). */
export const deleteOidcClientCommand = (ctx: CommandContext): CommandModule<object, { 'client-id': string }> => ({
  command: 'delete',
  describe: 'Delete a client: its grants, codes and tokens go with it',
  builder: (yargs: Argv) => yargs.option('client-id', { type: 'string', demandOption: true, describe: 'The client_id' }) as unknown as Argv<{ 'client-id': string }>,
  handler: async (args) => {
    await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.deleteOidcClient('operator', args['client-id']));
    ctx.err(`deleted: ${args['client-id']}`);
    ctx.done(EXIT_OK);
  },
});
