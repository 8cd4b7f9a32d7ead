import type { Argv, CommandModule } from 'yargs';
import type { CommandContext } from '../command-context.js';
import { createRuleCommand, deleteRuleCommand, listRulesCommand, updateRuleCommand } from './forward-auth/rule-commands.js';

/** `gatehouse forward-auth rules …`: who may pass /api/v1/auth/verify, by host and path prefix. */
export const forwardAuthCommand = (ctx: CommandContext): CommandModule => ({
  command: 'forward-auth <command>',
  describe: 'Forward-auth access rules: rules create|list|update|delete',
  builder: (yargs: Argv) =>
    yargs
      .command({
        command: 'rules <command>',
        describe: 'Rules by host and path prefix: create, list, update, delete',
        builder: (rules: Argv) =>
          rules.command(createRuleCommand(ctx)).command(listRulesCommand(ctx)).command(updateRuleCommand(ctx)).command(deleteRuleCommand(ctx)).demandCommand(1, 'choose a rules command'),
        handler: () => {},
      })
      .demandCommand(1, 'choose a forward-auth command'),
  handler: () => {},
});
