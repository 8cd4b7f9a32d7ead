/** Request bodies; the authoritative rules are in core/rules.ts (docs/api.md, "Input rules"). */
import { DEFAULT_SIGNING_ALGORITHM, SIGNING_ALGORITHMS } from '../../core/domain/signing-algorithm.js';
const text = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength });
const password = { type: 'string', minLength: 15, maxLength: 256, description: 'Code points after NFKC.' };
const code = (description: string) => ({ type: 'string', maxLength: 64, description });
const webauthnResponse = (kind: string) => ({ type: 'object', description: `The browser's ${kind} (PublicKeyCredential.toJSON()).` });
const nameField = (description: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: `1–64 characters of a-z 0-9 . _ -, starting with a letter or digit; stored lowercased. ${description}`,
});
const policyFields = {
  allowed_groups: {
    type: 'array',
    maxItems: 50,
    uniqueItems: true,
    items: { type: 'string', format: 'uuid' },
    default: [],
    description: 'Group ids whose members may pass; empty: every enabled user. An id that names no group is 422.',
  },
  require_mfa: { type: 'boolean', default: false, description: 'The session must carry a second-factor proof; an API token never does.' },
};
const appFields = {
  application_type: { enum: ['web', 'native'], description: 'native: loopback redirect URIs (http://127.0.0.1/…, http://[::1]/…) match on any port (RFC 8252 §7.3).' },
  allowed_origins: {
    type: 'array',
    maxItems: 20,
    uniqueItems: true,
    items: { type: 'string', format: 'uri', maxLength: 2000 },
    description: 'Only for a public web client (a single-page application): the exact origins (https://app.example.com) that get CORS answers from the token, userinfo and revocation endpoints.',
  },
  backchannel_logout_uri: {
    type: ['string', 'null'],
    format: 'uri',
    maxLength: 2000,
    description: 'Back-Channel Logout 1.0: Gatehouse POSTs a signed logout token here when a user\'s session ends; https in production (http to a loopback address only outside it); null: never.',
  },
  id_token_signed_response_alg: {
    enum: [...SIGNING_ALGORITHMS],
    description: 'What the client\'s ID tokens (and logout tokens) are signed with: RS256, which every OpenID Connect library verifies; ES256, which costs the server about a quarter of its signature. Any other value is 422.',
  },
};
const ruleFields = {
  host: { type: 'string', maxLength: 253, description: 'The X-Forwarded-Host this rule is for, with a port if the proxy sends one.' },
  path_prefix: { type: 'string', maxLength: 200, default: '/', description: 'Starts with /; covers this path and below, segment by segment.' },
  ...policyFields,
};
const closed = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

export const requestSchemas = {
  RegisterIn: closed(['invite_code', 'email', 'password', 'display_name'], {
    invite_code: text(1, 200),
    email: { type: 'string', format: 'email', maxLength: 254 },
    password,
    display_name: text(1, 100),
    username: nameField('Optional: the login name applications show; unique.'),
  }),
  LoginIn: closed(['email', 'password'], { email: { type: 'string', maxLength: 254 }, password: text(0, 256) }),
  RecoverIn: closed(['email', 'code', 'new_password'], {
    email: { type: 'string', maxLength: 254 },
    code: code('The account-recovery code: xxxx-xxxx-xxxx-xxxx-xxxx-xxxx-xxxx; case-insensitive, hyphens optional.'),
    new_password: password,
  }),
  UserChangeIn: {
    ...closed([], { display_name: text(1, 100), username: { ...nameField('null removes it; taken by another account: 409 username_taken.'), type: ['string', 'null'] } }),
    minProperties: 1,
  },
  AdminUserChangeIn: closed(['username'], { username: { ...nameField('null removes it; taken by another account: 409 username_taken.'), type: ['string', 'null'] } }),
  GroupIn: closed(['name'], { name: nameField('Unique.'), description: { type: ['string', 'null'], maxLength: 200 } }),
  GroupChangeIn: { ...closed([], { name: nameField('Unique.'), description: { type: ['string', 'null'], maxLength: 200 } }), minProperties: 1 },
  ForwardAuthRuleIn: closed(['host'], ruleFields),
  ForwardAuthRuleChangeIn: { ...closed([], ruleFields), minProperties: 1 },
  PasswordChangeIn: closed(['current_password', 'new_password'], { current_password: text(0, 256), new_password: password }),
  AccountDeleteIn: closed(['password'], { password: text(0, 256) }),
  StepUpIn: {
    description: 'Without a second factor: `password`. With one: `code` (TOTP) or `recovery_code`; a password alone is refused.',
    oneOf: [
      closed(['password'], { password: text(0, 256) }),
      closed(['code'], { code: code('A 6-digit TOTP code.') }),
      closed(['recovery_code'], { recovery_code: code('xxxxx-xxxxx-xxxxx-xxxxx; case-insensitive, hyphens optional.') }),
    ],
  },
  PasswordIn: closed(['password'], { password: text(0, 256) }),
  TotpConfirmIn: closed(['code'], { code: code('The 6-digit code the app shows now.') }),
  SecondFactorIn: {
    oneOf: [
      closed(['code'], { code: code('A 6-digit TOTP code.') }),
      closed(['recovery_code'], { recovery_code: code('xxxxx-xxxxx-xxxxx-xxxxx; case-insensitive, hyphens optional.') }),
    ],
  },
  PasskeyIn: closed(['name', 'response'], { name: text(1, 100), response: webauthnResponse('RegistrationResponseJSON') }),
  PasskeyResponseIn: closed(['response'], { response: webauthnResponse('AuthenticationResponseJSON') }),
  TokenIn: closed(['name'], {
    name: text(1, 100),
    expires_in_days: { type: ['integer', 'null'], minimum: 1, maximum: 365, description: 'Absent or null: never expires.' },
  }),
  InviteIn: closed([], {
    max_uses: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
    expires_in_days: { type: 'integer', minimum: 1, maximum: 365, default: 7 },
  }),
  OidcClientIn: closed(['name', 'type', 'redirect_uris'], {
    name: text(1, 100),
    type: { enum: ['confidential', 'public'] },
    redirect_uris: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', format: 'uri', maxLength: 2000 } },
    post_logout_redirect_uris: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', format: 'uri', maxLength: 2000 } },
    skip_consent: { type: 'boolean', default: false },
    require_pkce: { type: 'boolean', default: true, description: 'false only for a confidential client.' },
    ...policyFields,
    introspect: { type: 'boolean', default: false, description: 'May introspect any token of the provider (a resource server); true only for a confidential client.' },
    device: { type: 'boolean', default: false, description: 'May use the device authorization grant (RFC 8628).' },
    application_type: { ...appFields.application_type, default: 'web' },
    allowed_origins: { ...appFields.allowed_origins, default: [] },
    backchannel_logout_uri: { ...appFields.backchannel_logout_uri, default: null },
    id_token_signed_response_alg: { ...appFields.id_token_signed_response_alg, default: DEFAULT_SIGNING_ALGORITHM },
  }),
  OidcClientChangeIn: {
    ...closed([], {
      name: text(1, 100),
      redirect_uris: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string', format: 'uri', maxLength: 2000 } },
      post_logout_redirect_uris: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', format: 'uri', maxLength: 2000 } },
      skip_consent: { type: 'boolean' },
      require_pkce: { type: 'boolean', description: 'false only for a confidential client.' },
      ...policyFields,
      introspect: { type: 'boolean', description: 'true only for a confidential client.' },
      device: { type: 'boolean' },
      ...appFields,
    }),
    minProperties: 1,
  },
};

export type RequestSchema = keyof typeof requestSchemas;

// The account README.md's first ten minutes registers, so "Try it out" works as it stands.
const EMAIL = 'ada@example.com';
const PASSWORD = 'violet tractor hums at dawn';

/**
 * What the docs page prefills for each body: a request that passes the rules as it stands (a spec
 * validates each against its schema). A request schema without an example does not compile.
 */
export const requestExamples: Record<RequestSchema, Record<string, unknown>> = {
  RegisterIn: { invite_code: 'paste-the-invite-code-here', email: EMAIL, password: PASSWORD, display_name: 'Ada' },
  LoginIn: { email: EMAIL, password: PASSWORD },
  RecoverIn: { email: EMAIL, code: 'paste-the-recovery-code-here', new_password: 'seven amber kites over the weir' },
  UserChangeIn: { display_name: 'Ada Lovelace', username: 'ada' },
  AdminUserChangeIn: { username: 'ada' },
  GroupIn: { name: 'grafana-admins', description: 'Admins of the Grafana organisation' },
  GroupChangeIn: { description: 'Editors of every Grafana dashboard' },
  ForwardAuthRuleIn: { host: 'wiki.example.com', path_prefix: '/', allowed_groups: [], require_mfa: true },
  ForwardAuthRuleChangeIn: { require_mfa: false },
  OidcClientChangeIn: { skip_consent: true },
  PasswordChangeIn: { current_password: PASSWORD, new_password: 'seven amber kites over the weir' },
  AccountDeleteIn: { password: PASSWORD },
  StepUpIn: { password: PASSWORD },
  PasswordIn: { password: PASSWORD },
  TotpConfirmIn: { code: '123456' },
  SecondFactorIn: { code: '123456' },
  // A passkey response is made by the browser (navigator.credentials), never typed: the shape to send.
  PasskeyIn: {
    name: 'Laptop',
    response: { id: 'credential-id', rawId: 'credential-id', type: 'public-key', response: { clientDataJSON: 'base64url', attestationObject: 'base64url' }, clientExtensionResults: {} },
  },
  PasskeyResponseIn: {
    response: {
      id: 'credential-id',
      rawId: 'credential-id',
      type: 'public-key',
      response: { clientDataJSON: 'base64url', authenticatorData: 'base64url', signature: 'base64url' },
      clientExtensionResults: {},
    },
  },
  TokenIn: { name: 'nightly backup script', expires_in_days: 90 },
  InviteIn: { max_uses: 1, expires_in_days: 7 },
  OidcClientIn: { name: 'Grafana', type: 'confidential', redirect_uris: ['https://grafana.example.com/login/generic_oauth'] },
};
