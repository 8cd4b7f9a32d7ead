import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { allowedGroupIds, groupNamesOf } from '../../group-names.js';
import { withService } from '../../with-service.js';
import { toForwardAuthRuleOut as toRuleOut } from '../../../src/api/access-representations.js';

interface RuleArgs {
  id?: string;
  host?: string;
  'path-prefix'?: string;
  'require-mfa'?: boolean;
}

const ruleOptions = (yargs: Argv, creating: boolean) =>
  yargs
    .option('host', { type: 'string', demandOption: creating, describe: 'The forwarded host (X-Forwarded-Host), with a port if the proxy sends one' })
    .option('path-prefix', { type: 'string', describe: 'Segment prefix of the path ("/app" covers /app and /app/x, not /apple); default /' })
    .option('allowed-group', { type: 'string', array: true, describe: 'A group whose members may pass (repeat; none = every signed-in user)' })
    .option('require-mfa', { type: 'boolean', describe: 'The session must carry a second-factor proof' });

/** The fields the operator gave, as the use case's input: an absent option changes nothing. */
const inputOf = (args: RuleArgs, groups: string[] | undefined) => ({
  ...(args.host !== undefined && { host: args.host }),
  ...(args['path-prefix'] !== undefined && { path_prefix: args['path-prefix'] }),
  ...(groups !== undefined && { allowed_groups: groups }),
  ...(args['require-mfa'] !== undefined && { require_mfa: args['require-mfa'] }),
});

export const createRuleCommand = (ctx: CommandContext): CommandModule<object, RuleArgs> => ({
  command: 'create',
  describe: 'Add a rule; prints its JSON',
  builder: (yargs: Argv) => ruleOptions(yargs, true) as unknown as Argv<RuleArgs>,
  handler: async (args) => {
    const rule = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) =>
      useCases.createForwardAuthRule('operator', inputOf(args, await allowedGroupIds(useCases, ctx.io.argv))),
    );
    ctx.out(JSON.stringify(toRuleOut(rule)));
    ctx.done(EXIT_OK);
  },
});

export const updateRuleCommand = (ctx: CommandContext): CommandModule<object, RuleArgs> => ({
  command: 'update',
  describe: 'Change a rule (only the options given); prints its JSON',
  builder: (yargs: Argv) => ruleOptions(yargs, false).option('id', { type: 'string', demandOption: true, describe: 'The rule id' }) as unknown as Argv<RuleArgs>,
  handler: async (args) => {
    const rule = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) =>
      useCases.updateForwardAuthRule('operator', args.id ?? '', inputOf(args, await allowedGroupIds(useCases, ctx.io.argv))),
    );
    ctx.out(JSON.stringify(toRuleOut(rule)));
    ctx.done(EXIT_OK);
  },
});

export const deleteRuleCommand = (ctx: CommandContext): CommandModule<object, { id: string }> => ({
  command: 'delete',
  describe: 'Delete a rule: its requests are judged as without rules',
  builder: (yargs: Argv) => yargs.option('id', { type: 'string', demandOption: true, describe: 'The rule id' }) as unknown as Argv<{ id: string }>,
  handler: async (args) => {
    await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.deleteForwardAuthRule('operator', args.id));
    ctx.err(`deleted: ${args.id}`);
    ctx.done(EXIT_OK);
  },
});

export const listRulesCommand = (ctx: CommandContext): CommandModule<object, { json: boolean }> => ({
  command: 'list',
  describe: 'List the rules by host and prefix: ID HOST PREFIX MFA GROUPS, or JSON with --json',
  builder: (yargs: Argv) => yargs.option('json', { type: 'boolean', default: false, describe: 'Print a JSON array' }),
  handler: async (args) => {
    const lines = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) => {
      const rules = await useCases.listForwardAuthRules('operator');
      if (args.json) return [JSON.stringify(rules.map(toRuleOut))];
      return Promise.all(rules.map(async (r) => [r.id, r.host, r.pathPrefix, r.requireMfa ? 'mfa' : '-', (await groupNamesOf(useCases, r.allowedGroups)).join(',') || '*'].join('\t')));
    });
    for (const line of lines) ctx.out(line);
    ctx.done(EXIT_OK);
  },
});
