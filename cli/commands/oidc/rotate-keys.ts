import type { CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';

/**
 * New current signing keys (RS256 and ES256) for every instance; the old ones stay published for
 * an hour, longer than anything they signed stays valid, and are deleted by a later rotation.
 * Running instances pick the new keys up within a minute. stdout: the new key ids, one a line.
 */
export const rotateKeysCommand = (ctx: CommandContext): CommandModule => ({
  command: 'rotate-keys',
  describe: 'Make new OpenID signing keys; the old ones stay published until nothing they signed is valid',
  handler: async () => {
    const { kids, deleted, publishedForMs } = await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.rotateOidcSigningKeysAsOperator());
    for (const kid of kids) ctx.out(kid);
    ctx.err(`rotated: the previous keys stay published for ${publishedForMs / 60_000} minutes${deleted > 0 ? `; ${deleted} older retired keys deleted` : ''}`);
    ctx.done(EXIT_OK);
  },
});
