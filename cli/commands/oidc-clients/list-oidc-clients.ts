import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import type { OidcClientView } from '../../../src/core/use-cases/oidc/oidc-client-view.js';
import { toOidcClientOut } from '../../../src/api/oidc-representations.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { withService } from '../../with-service.js';
import { policyOut } from './policy-out.js';

const COLUMNS = ['NAME', 'TYPE', 'PKCE', 'CONSENT', 'CREATED', 'CLIENT ID'] as const;

const cellsOf = (client: OidcClientView): string[] => [
  client.name,
  client.type,
  client.requirePkce ? 'required' : 'off',
  client.skipConsent ? 'skipped' : 'asked',
  client.createdAt.toISOString(),
  client.clientId,
];

/** A plain-text table, columns padded to their widest cell (as `users list`). */
export const clientTable = (clients: OidcClientView[]): string[] => {
  const rows = [[...COLUMNS], ...clients.map(cellsOf)];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => [...(row[i] ?? '')].length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [...rows.map(line), `${clients.length} client(s)`];
};

export const listOidcClientsCommand = (ctx: CommandContext): CommandModule<object, { json: boolean }> => ({
  command: 'list',
  describe: 'List the clients, newest first: a table, or a JSON array with --json',
  builder: (yargs: Argv) => yargs.option('json', { type: 'boolean', default: false, describe: 'Print a JSON array of OidcClientOut' }),
  handler: async (args) => {
    const clients = await withService(loadConfig(ctx.io.env), ctx.io, ({ useCases }) => useCases.listOidcClients('operator'));
    if (args.json) ctx.out(JSON.stringify(clients.map((client) => ({ ...toOidcClientOut(client), ...policyOut(client) }))));
    else for (const line of clientTable(clients)) ctx.out(line);
    ctx.done(EXIT_OK);
  },
});
