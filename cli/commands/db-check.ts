import type { Argv, CommandModule } from 'yargs';
import { checkDrift } from '../../src/adapters/knex/drift/drift-check.js';
import { loadConfig } from '../../src/config/config.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK, EXIT_REFUSED } from '../exit-codes.js';
import { withDatabase } from '../with-service.js';

export const dbCheckCommand = (ctx: CommandContext): CommandModule<object, { action: 'check' }> => ({
  command: 'db <action>',
  describe: 'db check: compare the declared data models with the migrated schema',
  builder: (yargs: Argv) => yargs.positional('action', { choices: ['check'] as const, demandOption: true }) as Argv<{ action: 'check' }>,
  handler: async () => {
    const config = loadConfig(ctx.io.env);
    const differences = await withDatabase(config, (db) => checkDrift(db));
    if (differences.length === 0) ctx.out('no difference');
    for (const difference of differences) ctx.out(difference);
    ctx.done(differences.length === 0 ? EXIT_OK : EXIT_REFUSED);
  },
});
