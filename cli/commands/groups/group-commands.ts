import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import { GroupInUseError } from '../../../src/core/domain/group-in-use.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';
import { toGroupOut } from '../../../src/api/access-representations.js';

type Named = { name: string };
type Member = Named & { email: string };
const byName = (yargs: Argv) => yargs.option('name', { type: 'string', demandOption: true, describe: 'The group name' });
const withEmail = (yargs: Argv) => byName(yargs).option('email', { type: 'string', demandOption: true, describe: "The member's email" });

export const createGroupCommand = (ctx: CommandContext): CommandModule<object, Named & { description?: string }> => ({
  command: 'create',
  describe: 'Create a group; prints its GroupOut JSON',
  builder: (yargs: Argv) => byName(yargs).option('description', { type: 'string', describe: 'At most 200 characters' }) as unknown as Argv<Named & { description?: string }>,
  handler: async (args) => {
    const input = { name: args.name, ...(args.description !== undefined && { description: args.description }) };
    const group = await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.createGroup('operator', input));
    ctx.out(JSON.stringify(toGroupOut(group)));
    ctx.done(EXIT_OK);
  },
});

/** Refused while an OpenID client or a forward-auth rule names the group: each one is listed on stderr. */
export const deleteGroupCommand = (ctx: CommandContext): CommandModule<object, Named> => ({
  command: 'delete',
  describe: 'Delete a group (refused while a policy names it)',
  builder: (yargs: Argv) => byName(yargs) as unknown as Argv<Named>,
  handler: async (args) => {
    try {
      await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.deleteGroup('operator', { name: args.name }));
    } catch (error) {
      if (error instanceof GroupInUseError) {
        for (const client of error.usage.clients) ctx.err(`used by OpenID client ${client.clientId} (${client.name})`);
        for (const rule of error.usage.rules) ctx.err(`used by forward-auth rule ${rule.id} (${rule.host}${rule.pathPrefix})`);
      }
      throw error;
    }
    ctx.err(`deleted: ${args.name}`);
    ctx.done(EXIT_OK);
  },
});

const memberCommand = (ctx: CommandContext, adding: boolean): CommandModule<object, Member> => ({
  command: adding ? 'add-member' : 'remove-member',
  describe: adding ? 'Add an account to a group (again: no change)' : 'Remove an account from a group (not a member: no change)',
  builder: (yargs: Argv) => withEmail(yargs) as unknown as Argv<Member>,
  handler: async (args) => {
    await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) =>
      (adding ? useCases.addGroupMember : useCases.removeGroupMember)('operator', { name: args.name }, { email: args.email }),
    );
    ctx.err(`${adding ? 'member of' : 'not a member of'} ${args.name}: ${args.email}`);
    ctx.done(EXIT_OK);
  },
});

export const addMemberCommand = (ctx: CommandContext) => memberCommand(ctx, true);
export const removeMemberCommand = (ctx: CommandContext) => memberCommand(ctx, false);
