import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import { toOidcClientOut } from '../../../src/api/oidc-representations.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { allowedGroupIds } from '../../group-names.js';
import { repeatedOption } from '../../repeated-option.js';
import { withService } from '../../with-service.js';
import { idTokenAlgOption } from './id-token-alg-option.js';
import { policyOut } from './policy-out.js';

interface UpdateArgs {
  'client-id': string;
  name?: string;
  'skip-consent'?: boolean;
  'require-pkce'?: boolean;
  'require-mfa'?: boolean;
  introspect?: boolean;
  device?: boolean;
  native?: boolean;
  'backchannel-logout-uri'?: string;
  'id-token-alg'?: string;
}

const given = (argv: readonly string[], name: string): boolean => argv.some((t) => t === `--${name}` || t.startsWith(`--${name}=`));

/** Only the options given change; `--allowed-group` with no name lets every enabled user in again. */
const changesOf = (args: UpdateArgs, argv: readonly string[], groups: string[] | undefined) => ({
  ...(args.name !== undefined && { name: args.name }),
  ...(given(argv, 'redirect-uri') && { redirect_uris: repeatedOption(argv, 'redirect-uri') }),
  ...(given(argv, 'post-logout-redirect-uri') && { post_logout_redirect_uris: repeatedOption(argv, 'post-logout-redirect-uri') }),
  ...(args['skip-consent'] !== undefined && { skip_consent: args['skip-consent'] }),
  ...(args['require-pkce'] !== undefined && { require_pkce: args['require-pkce'] }),
  ...(args['require-mfa'] !== undefined && { require_mfa: args['require-mfa'] }),
  ...(args.introspect !== undefined && { introspect: args.introspect }),
  ...(args.device !== undefined && { device: args.device }),
  ...(args.native !== undefined && { application_type: args.native ? 'native' : 'web' }),
  ...(given(argv, 'allowed-origin') && { allowed_origins: repeatedOption(argv, 'allowed-origin') }),
  ...(args['backchannel-logout-uri'] !== undefined && { backchannel_logout_uri: args['backchannel-logout-uri'] === '' ? null : args['backchannel-logout-uri'] }),
  ...(args['id-token-alg'] !== undefined && { id_token_signed_response_alg: args['id-token-alg'] }),
  ...(groups !== undefined && { allowed_groups: groups }),
});

export const updateOidcClientCommand = (ctx: CommandContext): CommandModule<object, UpdateArgs> => ({
  command: 'update',
  describe: "Change a client's fields (only the options given); prints its OidcClientOut JSON",
  builder: (yargs: Argv) =>
    yargs
      .option('client-id', { type: 'string', demandOption: true, describe: 'The client_id' })
      .option('name', { type: 'string', describe: 'The name users see' })
      .option('redirect-uri', { type: 'string', array: true, describe: 'Replaces the redirect URIs (repeat for more)' })
      .option('post-logout-redirect-uri', { type: 'string', array: true, describe: 'Replaces the post-logout URIs (repeat for more)' })
      .option('skip-consent', { type: 'boolean', describe: 'First party: no consent page (--no-skip-consent to ask again)' })
      .option('require-pkce', { type: 'boolean', describe: 'Require PKCE (--no-require-pkce: confidential clients only)' })
      .option('allowed-group', { type: 'string', array: true, describe: 'Replaces the allowed groups (repeat; given empty = every enabled user)' })
      .option('require-mfa', { type: 'boolean', describe: 'Sign-ins need a second factor (--no-require-mfa to drop it)' })
      .option('introspect', { type: 'boolean', describe: 'May introspect any token (--no-introspect to drop it)' })
      .option('device', { type: 'boolean', describe: 'May use the device grant (--no-device to drop it)' })
      .option('native', { type: 'boolean', describe: 'A native app (--no-native: a web application)' })
      .option('allowed-origin', { type: 'string', array: true, describe: 'Replaces the CORS origins (repeat; given empty = none)' })
      .option('backchannel-logout-uri', { type: 'string', describe: 'Where logout tokens are POSTed (given empty = none)' })
      .option('id-token-alg', idTokenAlgOption) as unknown as Argv<UpdateArgs>,
  handler: async (args) => {
    const client = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) =>
      useCases.updateOidcClient('operator', args['client-id'], changesOf(args, ctx.io.argv, await allowedGroupIds(useCases, ctx.io.argv))),
    );
    ctx.out(JSON.stringify({ ...toOidcClientOut(client), ...policyOut(client) }));
    ctx.done(EXIT_OK);
  },
});
