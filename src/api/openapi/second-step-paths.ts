import { operation, schemaRef } from './operation.js';

const tag = 'auth';
const signedIn = { status: 200, description: 'Logged in; the session cookie is set and the short-lived cookie expired', schema: schemaRef('UserOut'), setsCookie: true };
const options = { status: 200, description: 'Options for navigator.credentials.get()', schema: schemaRef('WebAuthnOptions') };
const pendingErrors = ['not_authenticated', 'too_many_requests'] as const;

export const secondStepPaths = {
  '/api/v1/auth/mfa': {
    post: operation({
      operationId: 'completeLoginWithCode',
      summary: 'Second login step with a TOTP code or a recovery code',
      description:
        'Completes the pending login named by the gh_mfa cookie (set by login for a user with a second factor). ' +
        'A wrong code is 401 invalid_credentials and counts toward the per-email login limit; after 5 attempts or ' +
        '5 minutes the pending login is gone (401 not_authenticated). A TOTP code is accepted once; a recovery code works once.',
      tag,
      access: 'none',
      mutating: true,
      body: 'SecondFactorIn',
      success: signedIn,
      errors: [...pendingErrors, 'invalid_credentials'],
    }),
  },
  '/api/v1/auth/mfa/passkey/options': {
    post: operation({
      operationId: 'secondStepPasskeyOptions',
      summary: "Request options for the pending login's passkeys",
      description: 'The challenge is single-use, lives 5 minutes and is bound to the pending login of the gh_mfa cookie.',
      tag,
      access: 'none',
      mutating: true,
      success: options,
      errors: ['not_authenticated'],
    }),
  },
  '/api/v1/auth/mfa/passkey': {
    post: operation({
      operationId: 'completeLoginWithPasskey',
      summary: 'Second login step with a passkey',
      description:
        'The assertion must sign the challenge of the options call with one of the user\'s passkeys. One that does not ' +
        'verify (signature, origin, challenge, replay, counter, unknown credential) is 400 webauthn_failed and counts like a wrong code.',
      tag,
      access: 'none',
      mutating: true,
      body: 'PasskeyResponseIn',
      success: signedIn,
      errors: [...pendingErrors, 'webauthn_failed', 'invalid_credentials'],
    }),
  },
  '/api/v1/auth/passkey/options': {
    post: operation({
      operationId: 'passkeyLoginOptions',
      summary: 'Passwordless login: request options for a discoverable passkey',
      description: 'Sets the short-lived gh_passkey cookie that binds the challenge (single-use, 5 minutes). User verification is required.',
      tag,
      access: 'none',
      mutating: true,
      success: { ...options, setsCookie: true },
      errors: ['too_many_requests'],
    }),
  },
  '/api/v1/auth/passkey': {
    post: operation({
      operationId: 'loginWithPasskey',
      summary: 'Passwordless login with a passkey; the session counts as MFA',
      description: 'The assertion of the gh_passkey challenge by a discoverable passkey, with user verification. Anything that does not verify is 400 webauthn_failed; a disabled account is 401 invalid_credentials, as for a wrong password.',
      tag,
      access: 'none',
      mutating: true,
      body: 'PasskeyResponseIn',
      success: signedIn,
      errors: ['webauthn_failed', 'invalid_credentials', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/step-up/passkey/options': {
    post: operation({
      operationId: 'stepUpPasskeyOptions',
      summary: "Request options for a step-up with one of the caller's passkeys",
      description: 'The challenge is single-use, lives 5 minutes and is bound to the current session. Without a passkey: 409 mfa_not_enabled.',
      tag,
      access: 'session',
      mutating: true,
      success: options,
      errors: ['mfa_not_enabled'],
    }),
  },
  '/api/v1/auth/step-up/passkey': {
    post: operation({
      operationId: 'stepUpWithPasskey',
      summary: 'Renew the current session\'s second-factor proof with a passkey',
      description:
        'Like POST /auth/step-up with a code: the proof is renewed and the session cookie rotated (the old value is dead at once); ' +
        'a response that does not verify is 400 webauthn_failed.',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasskeyResponseIn',
      success: { status: 204, description: 'Proof renewed; the session cookie rotated', setsCookie: true },
      errors: ['webauthn_failed', 'too_many_requests'],
    }),
  },
};
