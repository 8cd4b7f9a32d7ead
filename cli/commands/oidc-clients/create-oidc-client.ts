import type { Argv, CommandModule } from 'yargs';
import { loadConfig } from '../../../src/config/config.js';
import { toOidcClientCreatedOut } from '../../../src/api/oidc-representations.js';
import type { CommandContext } from '../../command-context.js';
import { EXIT_OK } from '../../exit-codes.js';
import { repeatedOption } from '../../repeated-option.js';
import { withService } from '../../with-service.js';
import { allowedGroupIds } from '../../group-names.js';
import { idTokenAlgOption } from './id-token-alg-option.js';
import { policyOut } from './policy-out.js';

interface CreateArgs {
  name: string;
  'redirect-uri': string[];
  'post-logout-redirect-uri'?: string[];
  public: boolean;
  'skip-consent': boolean;
  'without-pkce': boolean;
  'require-mfa': boolean;
  introspect: boolean;
  device: boolean;
  native: boolean;
  'backchannel-logout-uri'?: string;
  'id-token-alg'?: string;
}

const clientInput = (args: CreateArgs, argv: readonly string[], groups: string[] | undefined) => ({
  name: args.name,
  type: args.public ? 'public' : 'confidential',
  redirect_uris: repeatedOption(argv, 'redirect-uri'),
  post_logout_redirect_uris: repeatedOption(argv, 'post-logout-redirect-uri'),
  skip_consent: args['skip-consent'],
  require_pkce: !args['without-pkce'],
  require_mfa: args['require-mfa'],
  introspect: args.introspect,
  device: args.device,
  application_type: args.native ? 'native' : 'web',
  allowed_origins: repeatedOption(argv, 'allowed-origin'),
  ...(args['backchannel-logout-uri'] !== undefined && { backchannel_logout_uri: args['backchannel-logout-uri'] }),
  ...(args['id-token-alg'] !== undefined && { id_token_signed_response_alg: args['id-token-alg'] }),
  ...(groups !== undefined && { allowed_groups: groups }),
});

/** Prints the OidcClientOut JSON, with a confidential client's `client_secret`: the only time it is shown. */
export const createOidcClientCommand = (ctx: CommandContext): CommandModule<object, CreateArgs> => ({
  command: 'create',
  describe: 'Register a client; prints its OidcClientOut JSON with the secret (shown once) on stdout',
  builder: (yargs: Argv) =>
    yargs
      .option('name', { type: 'string', demandOption: true, describe: 'The name users see on the consent page' })
      .option('redirect-uri', { type: 'string', array: true, demandOption: true, describe: 'A redirect URI, matched exactly (repeat for more)' })
      .option('post-logout-redirect-uri', { type: 'string', array: true, describe: 'Where logout may return to (repeat for more)' })
      .option('public', { type: 'boolean', default: false, describe: 'A public client (no secret): a native or browser app' })
      .option('skip-consent', { type: 'boolean', default: false, describe: 'A first-party client: no consent page' })
      .option('without-pkce', { type: 'boolean', default: false, describe: 'Do not require PKCE (confidential clients only)' })
      .option('allowed-group', { type: 'string', array: true, describe: 'A group whose members may sign in (repeat; none = every enabled user)' })
      .option('require-mfa', { type: 'boolean', default: false, describe: 'Sign-ins need a second factor' })
      .option('introspect', { type: 'boolean', default: false, describe: 'May introspect any token of the provider (a resource server; confidential only)' })
      .option('device', { type: 'boolean', default: false, describe: 'May use the device authorization grant (command-line tools, TVs)' })
      .option('native', { type: 'boolean', default: false, describe: 'A native app: loopback redirect URIs match on any port' })
      .option('allowed-origin', { type: 'string', array: true, describe: 'A single-page application\'s origin that gets CORS answers (--public; repeat)' })
      .option('backchannel-logout-uri', { type: 'string', describe: 'Where a logout token is POSTed when a user\'s session ends' })
      .option('id-token-alg', idTokenAlgOption) as unknown as Argv<CreateArgs>,
  handler: async (args) => {
    const created = await withService(loadConfig(ctx.io.env), ctx.io, async ({ useCases }) =>
      useCases.createOidcClientAsOperator(clientInput(args, ctx.io.argv, await allowedGroupIds(useCases, ctx.io.argv))),
    );
    ctx.out(JSON.stringify({ ...toOidcClientCreatedOut(created), ...policyOut(created.client) }));
    ctx.err(`client ${created.client.clientId} created${created.secret === null ? '' : '; store its client_secret now, it is not shown again'}`);
    ctx.done(EXIT_OK);
  },
});
