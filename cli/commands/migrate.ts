import type { Knex } from 'knex';
import type { Argv, CommandModule } from 'yargs';
import { migrateLatest, migrationStatus, rollback } from '../../src/adapters/knex/migrations/migrator.js';
import { loadConfig } from '../../src/config/config.js';
import type { CommandContext } from '../command-context.js';
import { EXIT_OK } from '../exit-codes.js';
import { withDatabase } from '../with-service.js';

const ACTIONS = ['latest', 'rollback', 'status'] as const;
type Action = (typeof ACTIONS)[number];

const runAction = async (db: Knex, action: Action, line: (text: string) => void): Promise<void> => {
  if (action === 'status') {
    const { completed, pending } = await migrationStatus(db);
    for (const name of completed) line(`applied  ${name}`);
    for (const name of pending) line(`pending  ${name}`);
    if (completed.length + pending.length === 0) line('no migrations found');
  } else if (action === 'latest') {
    const applied = await migrateLatest(db);
    if (applied.length === 0) line('already at the latest migration');
    for (const name of applied) line(`applied  ${name}`);
  } else {
    const reverted = await rollback(db);
    if (reverted.length === 0) line('nothing to roll back');
    for (const name of reverted) line(`rolled back  ${name}`);
  }
};

export const migrateCommand = (ctx: CommandContext): CommandModule<object, { action: Action }> => ({
  command: 'migrate <action>',
  describe: 'Schema migrations: latest, rollback (the most recent one) or status',
  builder: (yargs: Argv) => yargs.positional('action', { choices: ACTIONS, demandOption: true }) as Argv<{ action: Action }>,
  handler: async ({ action }) => {
    const config = loadConfig(ctx.io.env);
    await withDatabase(config, (db) => runAction(db, action, ctx.out));
    ctx.done(EXIT_OK);
  },
});
