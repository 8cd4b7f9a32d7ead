import { operation, schemaRef } from './operation.js';
import { idParameter } from './session-paths.js';

const tag = 'mfa';
const removal = ['invalid_credentials', 'step_up_required', 'too_many_requests'] as const;

export const mfaPaths = {
  '/api/v1/mfa': {
    get: operation({
      operationId: 'getMfa',
      summary: "The caller's second factors",
      description: 'Whether an authenticator app is confirmed, the passkeys, and how many recovery codes are left (never the codes).',
      tag,
      access: 'any',
      mutating: false,
      duringEnrolment: true,
      success: { status: 200, description: 'Factors', schema: schemaRef('MfaOut') },
    }),
  },
  '/api/v1/mfa/totp': {
    post: operation({
      operationId: 'enrolTotp',
      summary: 'Start enrolling an authenticator app; its secret is shown once',
      description:
        'Needs the current password. Replaces an earlier unconfirmed enrolment; a confirmed app is 409 mfa_already_enabled.' +
        ' For a user who already has a second factor, also a second-factor proof of the last 15 minutes (else 403 step_up_required): a password alone never adds a factor to an account that has one.',
      tag,
      access: 'session',
      mutating: true,
      duringEnrolment: true,
      body: 'PasswordIn',
      success: { status: 201, description: 'Unconfirmed', schema: schemaRef('TotpEnrolment') },
      errors: ['invalid_credentials', 'mfa_already_enabled', 'step_up_required', 'too_many_requests'],
    }),
    delete: operation({
      operationId: 'removeTotp',
      summary: 'Remove the authenticator app',
      description:
        'Needs the current password and, for a user with MFA, a second-factor proof of the last 15 minutes. Every other session ' +
        'is revoked; with the last factor go the recovery codes.',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasswordIn',
      success: { status: 204, description: 'Removed' },
      errors: [...removal, 'mfa_not_enabled'],
    }),
  },
  '/api/v1/mfa/totp/confirm': {
    post: operation({
      operationId: 'confirmTotp',
      summary: 'Confirm the authenticator app with a code it shows',
      description:
        'Turns the app on: every other session is revoked and the current one counts as MFA, with a new secret (a new session ' +
        'cookie is set; the old value is dead at once; the session keeps its id). When it is the first factor, the ' +
        'response carries the 10 recovery codes, shown only here.',
      tag,
      access: 'session',
      mutating: true,
      duringEnrolment: true,
      body: 'TotpConfirmIn',
      success: { status: 200, description: 'Confirmed; the session cookie rotated', schema: schemaRef('TotpConfirmed'), setsCookie: true },
      errors: ['invalid_credentials', 'mfa_not_enabled'],
    }),
  },
  '/api/v1/mfa/passkeys/options': {
    post: operation({
      operationId: 'passkeyRegistrationOptions',
      summary: 'Creation options for a new passkey',
      description:
        'Needs the current password. The challenge is single-use, lives 5 minutes and is bound to this session. At 10 passkeys: 409 passkey_limit.' +
        ' For a user who already has a second factor, also a second-factor proof of the last 15 minutes (else 403 step_up_required): a password alone never adds a factor to an account that has one.',
      tag,
      access: 'session',
      mutating: true,
      duringEnrolment: true,
      body: 'PasswordIn',
      success: { status: 200, description: 'Options for navigator.credentials.create()', schema: schemaRef('WebAuthnOptions') },
      errors: ['invalid_credentials', 'passkey_limit', 'step_up_required', 'too_many_requests'],
    }),
  },
  '/api/v1/mfa/passkeys': {
    post: operation({
      operationId: 'registerPasskey',
      summary: 'Register a passkey with the attestation of the options challenge',
      description:
        'Every other session is revoked and the current one counts as MFA, with a new secret (a new session cookie; the old ' +
        'value is dead at once). For a user who already had a factor, the step-up proof must still be under 15 minutes old ' +
        '(else 403 step_up_required). When it is the first factor the response carries the ' +
        '10 recovery codes. A bad or replayed response, or none pending: 400 webauthn_failed.',
      tag,
      access: 'session',
      mutating: true,
      duringEnrolment: true,
      body: 'PasskeyIn',
      success: { status: 201, description: 'Registered; the session cookie rotated', schema: schemaRef('PasskeyCreated'), setsCookie: true },
      errors: ['webauthn_failed', 'passkey_limit', 'step_up_required'],
    }),
  },
  '/api/v1/mfa/passkeys/{id}': {
    parameters: [idParameter],
    delete: operation({
      operationId: 'removePasskey',
      summary: 'Remove a passkey',
      description: 'As for the authenticator app: the password, a recent second-factor proof, every other session revoked.',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasswordIn',
      success: { status: 204, description: 'Removed' },
      errors: [...removal, 'not_found'],
    }),
  },
  '/api/v1/mfa/recovery-codes': {
    post: operation({
      operationId: 'regenerateRecoveryCodes',
      summary: 'Replace every recovery code with 10 new ones, shown once',
      description: 'Needs the current password and a recent second-factor proof; without a factor: 409 mfa_not_enabled.',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasswordIn',
      success: { status: 200, description: 'New codes', schema: schemaRef('RecoveryCodes') },
      errors: [...removal, 'mfa_not_enabled'],
    }),
  },
};
