import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { AdminUserView } from '../../../src/core/use-cases/views.js';
import type { UseCases } from '../../../src/core/use-cases/use-cases.js';
import { toAdminUserOut } from '../../../src/api/representations.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';
import { userTable } from './user-table.js';

/** Every user, page after page, through the same use case as GET /api/v1/admin/users. */
const everyUser = async (useCases: UseCases): Promise<AdminUserView[]> => {
  const users: AdminUserView[] = [];
  let cursor: string | null = null;
  do {
    const page = await useCases.listUsers('operator', { limit: 100, ...(cursor === null ? {} : { cursor }) });
    users.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return users;
};

export const listUsersCommand = (ctx: CommandContext): CommandModule<object, { json: boolean }> => ({
  command: 'list',
  describe: 'List every user, oldest first: a table, or a JSON array with --json',
  builder: (yargs: Argv) => yargs.option('json', { type: 'boolean', default: false, describe: 'Print a JSON array of AdminUserOut' }),
  handler: async (args) => {
    const users = await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => everyUser(useCases));
    if (args.json) ctx.out(JSON.stringify(users.map(toAdminUserOut)));
    else for (const line of userTable(users)) ctx.out(line);
    ctx.done(EXIT_OK);
  },
});
