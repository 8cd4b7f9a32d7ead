import type { Argv, CommandModule } from 'yargs';
import type { CommandContext } from '../command-context.js';
import { addMemberCommand, createGroupCommand, deleteGroupCommand, removeMemberCommand } from './groups/group-commands.js';
import { listGroupsCommand, membersCommand } from './groups/group-lists.js';

/** `gatehouse groups …`: groups and their members, through the admin use cases as the operator. */
export const groupsCommand = (ctx: CommandContext): CommandModule => ({
  command: 'groups <command>',
  describe: 'Groups: create, list, delete, add-member, remove-member, members',
  builder: (yargs: Argv) =>
    yargs
      .command(createGroupCommand(ctx))
      .command(listGroupsCommand(ctx))
      .command(deleteGroupCommand(ctx))
      .command(addMemberCommand(ctx))
      .command(removeMemberCommand(ctx))
      .command(membersCommand(ctx))
      .demandCommand(1, 'choose a groups command'),
  handler: () => {},
});
