import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { AdminUserView } from '../../../src/core/use-cases/views.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';
import { toGroupOut } from '../../../src/api/access-representations.js';

export const listGroupsCommand = (ctx: CommandContext): CommandModule<object, { json: boolean }> => ({
  command: 'list',
  describe: 'List the groups by name: NAME MEMBERS DESCRIPTION, or a JSON array of GroupOut with --json',
  builder: (yargs: Argv) => yargs.option('json', { type: 'boolean', default: false, describe: 'Print a JSON array of GroupOut' }),
  handler: async (args) => {
    const groups = await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.listGroups('operator'));
    if (args.json) ctx.out(JSON.stringify(groups.map(toGroupOut)));
    else for (const g of groups) ctx.out(`${g.name}\t${g.memberCount}\t${g.description ?? ''}`);
    ctx.done(EXIT_OK);
  },
});

/** Every member's email, one a line, oldest first (all pages). */
export const membersCommand = (ctx: CommandContext): CommandModule<object, { name: string }> => ({
  command: 'members',
  describe: "List a group's members' emails, oldest first",
  builder: (yargs: Argv) => yargs.option('name', { type: 'string', demandOption: true, describe: 'The group name' }) as unknown as Argv<{ name: string }>,
  handler: async (args) => {
    const members = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) => {
      const all: AdminUserView[] = [];
      let cursor: string | null = null;
      do {
        const page = await useCases.listGroupMembers('operator', { name: args.name }, { limit: 100, ...(cursor !== null && { cursor }) });
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return all;
    });
    for (const member of members) ctx.out(member.user.email);
    ctx.done(EXIT_OK);
  },
});
