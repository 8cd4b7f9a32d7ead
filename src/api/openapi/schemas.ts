/** Response shapes (docs/api.md, "Representations"), as JSON Schema 2020-12 (OpenAPI 3.1). */
const uuid = { type: 'string', format: 'uuid' } as const;
const instant = { type: 'string', format: 'date-time', description: 'RFC 3339 UTC with milliseconds and Z' } as const;
const closed = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const username = {
  type: ['string', 'null'],
  pattern: '^[a-z0-9][a-z0-9._-]{0,63}$',
  description: 'The login name applications show (preferred_username); unique, lowercased; null when none is set.',
};
const userOut = closed(['id', 'email', 'display_name', 'username', 'created_at'], {
  id: uuid,
  email: { type: 'string', format: 'email' },
  display_name: { type: 'string' },
  username,
  created_at: instant,
});
const sessionOut = closed(['id', 'created_at', 'expires_at', 'last_seen_at', 'user_agent', 'current', 'mfa'], {
  id: uuid,
  created_at: instant,
  expires_at: instant,
  last_seen_at: instant,
  user_agent: { type: ['string', 'null'] },
  current: { type: 'boolean', description: 'True for the session that made the request.' },
  mfa: { type: 'boolean', description: 'True when the session was opened, or since proved, with a second factor.' },
});
const tokenFields = {
  id: uuid,
  name: { type: 'string' },
  created_at: instant,
  expires_at: { ...instant, type: ['string', 'null'] },
  last_used_at: { ...instant, type: ['string', 'null'] },
};
const tokenRequired = ['id', 'name', 'created_at', 'expires_at', 'last_used_at'];
const inviteFields = {
  id: uuid,
  max_uses: { type: 'integer', minimum: 1, maximum: 1000 },
  used_count: { type: 'integer', minimum: 0 },
  created_at: instant,
  expires_at: instant,
};
const inviteRequired = ['id', 'max_uses', 'used_count', 'created_at', 'expires_at'];
const describedAs = (description: string, schema: Record<string, unknown>) => ({ ...schema, description });
const secret = (pattern: string, description: string) => ({ type: 'string', pattern, description });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const recoveryCodes = {
  type: 'array',
  minItems: 10,
  maxItems: 10,
  items: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{6}(-[0-9A-HJKMNP-TV-Z]{6}){3}$' },
  description: 'Shown only in this response; each works once. Present when this is the first factor.',
};
const passkeyFields = {
  id: uuid,
  name: { type: 'string' },
  created_at: instant,
  last_used_at: { ...instant, type: ['string', 'null'] },
};
const passkeyRequired = ['id', 'name', 'created_at', 'last_used_at'];

export { username as usernameSchema };

export const schemas = {
  UserOut: userOut,
  SessionOut: sessionOut,
  ApiTokenOut: closed(tokenRequired, tokenFields),
  ApiTokenCreated: closed([...tokenRequired, 'token'], {
    ...tokenFields,
    token: secret('^gh_pat_', 'The secret, shown only in this response.'),
  }),
  InviteCreated: closed([...inviteRequired, 'code'], {
    ...inviteFields,
    code: secret('.', 'The invite code, shown only in this response.'),
  }),
  MfaRequired: closed(['mfa_required', 'methods'], {
    mfa_required: { const: true },
    methods: { type: 'array', items: { enum: ['totp', 'passkey', 'recovery_code'] }, description: 'What can complete the login.' },
  }),
  MfaOut: closed(['totp', 'passkeys', 'recovery_codes_left'], {
    totp: { type: 'boolean', description: 'A confirmed authenticator app.' },
    passkeys: { type: 'array', items: ref('PasskeyOut') },
    recovery_codes_left: { type: 'integer', minimum: 0, maximum: 10 },
  }),
  PasskeyOut: closed(passkeyRequired, passkeyFields),
  PasskeyCreated: closed(passkeyRequired, { ...passkeyFields, recovery_codes: recoveryCodes }),
  TotpEnrolment: closed(['secret', 'otpauth_uri'], {
    secret: secret('^[A-Z2-7]{32}$', 'The 160-bit secret in base32, shown only in this response.'),
    otpauth_uri: secret('^otpauth://totp/Gatehouse:', 'The same secret as a provisioning URI (for a QR code).'),
  }),
  TotpConfirmed: { type: 'object', additionalProperties: false, properties: { recovery_codes: recoveryCodes } },
  RecoveryCodes: closed(['recovery_codes'], { recovery_codes: recoveryCodes }),
  WebAuthnOptions: {
    type: 'object',
    required: ['challenge'],
    properties: { challenge: { type: 'string' } },
    description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3), for the browser.',
  },
  Health: closed(['status'], { status: { type: 'string', enum: ['ok', 'unavailable'] } }),
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details.',
    required: ['type', 'title', 'status', 'code', 'detail'],
    additionalProperties: false,
    properties: {
      type: { const: 'about:blank' },
      title: { type: 'string' },
      status: { type: 'integer' },
      code: { type: 'string' },
      detail: { type: 'string', description: 'For internal_error: the request id only.' },
      errors: {
        type: 'array',
        description: 'Only on validation_failed.',
        items: closed(['loc', 'msg'], { loc: { type: 'array', items: { type: 'string' } }, msg: { type: 'string' } }),
      },
      used_by: describedAs('Only on group_in_use: the OpenID clients and forward-auth rules that name the group.', closed(['clients', 'rules'], {
        clients: { type: 'array', items: closed(['client_id', 'name'], { client_id: { type: 'string' }, name: { type: 'string' } }) },
        rules: { type: 'array', items: closed(['id', 'host', 'path_prefix'], { id: uuid, host: { type: 'string' }, path_prefix: { type: 'string' } }) },
      })),
    },
  },
};
