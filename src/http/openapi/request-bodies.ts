/** Request bodies; the authoritative rules are in core/rules.ts (CONTRACT §4). */
const text = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength });
const password = { type: 'string', minLength: 15, maxLength: 256, description: 'Code points after NFKC.' };
const code = (description: string) => ({ type: 'string', maxLength: 64, description });
const webauthnResponse = (kind: string) => ({ type: 'object', description: `The browser's ${kind} (PublicKeyCredential.toJSON()).` });
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
  }),
  LoginIn: closed(['email', 'password'], { email: { type: 'string', maxLength: 254 }, password: text(0, 256) }),
  DisplayNameIn: closed(['display_name'], { display_name: text(1, 100) }),
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
};
