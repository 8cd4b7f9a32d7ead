/** Response shapes of administration and the security trail, as JSON Schema 2020-12. */
import { SIGNING_ALGORITHMS } from '../../core/domain/signing-algorithm.js';
import { usernameSchema } from './schemas.js';

const uuid = { type: 'string', format: 'uuid' } as const;
const instant = { type: 'string', format: 'date-time', description: 'RFC 3339 UTC with milliseconds and Z' } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const closed = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required, properties });
const groupName = { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,63}$' };
const nextCursor = { type: ['string', 'null'], description: 'Opaque; pass it as `cursor` for the next page. Null on the last page.' };
const page = (item: string) => closed(['items', 'next_cursor'], { items: { type: 'array', items: ref(item) }, next_cursor: nextCursor });

const eventFields = {
  id: uuid,
  type: { type: 'string', description: 'What happened, e.g. login_succeeded, user_disabled.' },
  created_at: instant,
  client_address: { type: ['string', 'null'] },
  user_agent: { type: ['string', 'null'] },
  actor: { enum: ['self', 'admin', 'operator'], description: 'Who acted: the user itself, an admin, or the operator command.' },
};
const eventRequired = Object.keys(eventFields);

const groupIds = { type: 'array', items: uuid, description: 'The groups whose members may pass, by id (a rename keeps the policy); empty: every enabled user.' };
const requireMfa = { type: 'boolean', description: 'The session must carry a second-factor proof; an API token never does.' };
const uris = { type: 'array', items: { type: 'string', format: 'uri' } };
const oidcClientFields = {
  client_id: { type: 'string' },
  name: { type: 'string' },
  type: { enum: ['confidential', 'public'] },
  redirect_uris: uris,
  post_logout_redirect_uris: uris,
  skip_consent: { type: 'boolean', description: 'A first-party client: no consent page.' },
  require_pkce: { type: 'boolean' },
  allowed_groups: groupIds,
  require_mfa: requireMfa,
  introspect: { type: 'boolean', description: 'A confidential client that may introspect any token of the provider, not only its own.' },
  device: { type: 'boolean', description: 'The client may use the device authorization grant.' },
  application_type: { enum: ['web', 'native'] },
  allowed_origins: { type: 'array', items: { type: 'string' }, description: 'The exact origins that get CORS answers (a public web client).' },
  backchannel_logout_uri: { type: ['string', 'null'], description: 'Where the client is told that a user\'s session ended (Back-Channel Logout 1.0); null: never.' },
  id_token_signed_response_alg: { enum: [...SIGNING_ALGORITHMS], description: 'What the client\'s ID tokens and logout tokens are signed with.' },
  created_at: instant,
};
const oidcClientRequired = Object.keys(oidcClientFields);

export const adminSchemas = {
  AdminUserOut: closed(['id', 'email', 'display_name', 'username', 'created_at', 'disabled', 'mfa', 'last_login_at'], {
    id: uuid,
    email: { type: 'string', format: 'email' },
    display_name: { type: 'string' },
    username: usernameSchema,
    created_at: instant,
    disabled: { type: 'boolean' },
    mfa: { type: 'boolean', description: 'The user has a confirmed authenticator app or a passkey.' },
    last_login_at: { ...instant, type: ['string', 'null'] },
  }),
  AdminUserPage: page('AdminUserOut'),
  AccountRecoveryCodeOut: closed(['code', 'expires_at'], {
    code: { type: 'string', description: 'The one-time account-recovery code, shown only here; redeem it at POST /api/v1/auth/recover.' },
    expires_at: instant,
  }),
  InviteOut: closed(['id', 'max_uses', 'used_count', 'created_at', 'expires_at'], {
    id: uuid,
    max_uses: { type: 'integer', minimum: 1, maximum: 1000 },
    used_count: { type: 'integer', minimum: 0 },
    created_at: instant,
    expires_at: instant,
  }),
  OidcClientOut: closed(oidcClientRequired, oidcClientFields),
  OidcClientCreated: closed(oidcClientRequired, {
    ...oidcClientFields,
    client_secret: { type: 'string', description: 'A confidential client\'s secret (256 bits, base64url), shown only here; absent for a public client.' },
  }),
  OidcGrantOut: closed(['client_id', 'name', 'scopes', 'created_at'], {
    client_id: { type: 'string' },
    name: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string' }, description: 'The scopes granted, e.g. openid, email, profile, offline_access.' },
    created_at: instant,
  }),
  GroupOut: closed(['id', 'name', 'description', 'created_at', 'member_count'], {
    id: uuid,
    name: groupName,
    description: { type: ['string', 'null'], maxLength: 200 },
    created_at: instant,
    member_count: { type: 'integer', minimum: 0 },
  }),
  GroupRefOut: closed(['id', 'name'], { id: uuid, name: groupName }),
  ForwardAuthRuleOut: closed(['id', 'host', 'path_prefix', 'allowed_groups', 'require_mfa', 'created_at'], {
    id: uuid,
    host: { type: 'string', description: 'Compared with X-Forwarded-Host, lowercased; a port when the proxy sends one.' },
    path_prefix: { type: 'string', description: 'Covers this path and the paths below it, segment by segment.' },
    allowed_groups: groupIds,
    require_mfa: requireMfa,
    created_at: instant,
  }),
  SecurityEventOut: closed(eventRequired, eventFields),
  SecurityEventPage: page('SecurityEventOut'),
  AdminEventOut: closed([...eventRequired, 'user_id'], { ...eventFields, user_id: uuid }),
  AdminEventPage: page('AdminEventOut'),
};
