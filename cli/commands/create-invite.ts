import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../src/config/config.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK } from '../exit-codes.js';
import { withService } from '../with-service.js';

interface CreateInviteArgs {
  by: string;
  'max-uses'?: string;
  'expires-in-days'?: string;
}

/** Numbers go to the use case as numbers; anything else goes as typed, for the shared rules to refuse. */
const numeric = (raw: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw);

const inviteInput = (args: CreateInviteArgs): Record<string, number | string> => ({
  ...(args['max-uses'] === undefined ? {} : { max_uses: numeric(args['max-uses']) }),
  ...(args['expires-in-days'] === undefined ? {} : { expires_in_days: numeric(args['expires-in-days']) }),
});

export const createInviteCommand = (ctx: CommandContext): CommandModule<object, CreateInviteArgs> => ({
  command: 'create-invite',
  describe: 'Issue an invite as an existing admin; prints only the code on stdout',
  builder: (yargs: Argv) =>
    yargs
      .option('by', { type: 'string', demandOption: true, describe: 'Email of the issuing admin' })
      .option('max-uses', { type: 'string', describe: 'How many registrations it allows (default 1)' })
      .option('expires-in-days', { type: 'string', describe: 'Days until it expires (default 7)' }),
  handler: async (args) => {
    const config = loadConfig(ctx.io.env);
    const { invite, code } = await withService(config, ctx.io, ({ useCases }) =>
      useCases.createInviteAsOperator(args.by, inviteInput(args)),
    );
    // stdout carries the code alone, so `CODE=$(gatehouse create-invite …)` works.
    ctx.out(code);
    ctx.err(`invite ${invite.id}: up to ${invite.maxUses} use(s), expires ${invite.expiresAt.toISOString()}`);
    ctx.done(EXIT_OK);
  },
});
