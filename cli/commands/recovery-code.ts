import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../src/config/config.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK } from '../exit-codes.js';
import { withService } from '../with-service.js';

/**
 * The way back in when the only admin has lost its password: a one-time account-recovery code for
 * the user with that email, redeemed at POST /api/v1/auth/recover within 24 hours.
 */
export const recoveryCodeCommand = (ctx: CommandContext): CommandModule<object, { email: string }> => ({
  command: 'recovery-code',
  describe: 'Issue a one-time account-recovery code for a user; prints only the code on stdout',
  builder: (yargs: Argv) => yargs.option('email', { type: 'string', demandOption: true, describe: 'Email of the user who lost its password' }),
  handler: async (args) => {
    const config = loadConfig(ctx.io.env);
    const { code, expiresAt } = await withService(config, ctx.io, ({ useCases }) => useCases.issueAccountRecovery('operator', { email: args.email }));
    // stdout carries the code alone, so `CODE=$(gatehouse recovery-code …)` works.
    ctx.out(code);
    ctx.err(`one-time recovery code: works once, until ${expiresAt.toISOString()}; any earlier code is void`);
    ctx.done(EXIT_OK);
  },
});
