import { operation, schemaRef } from './operation.js';

const tag = 'auth';

export const authPaths = {
  '/api/v1/auth/register': {
    post: operation({
      summary: 'Register with an invite code; sets the session cookie',
      tag,
      access: 'none',
      mutating: true,
      body: 'RegisterIn',
      success: { status: 201, description: 'Created', schema: schemaRef('UserOut'), setsCookie: true },
      errors: ['invite_invalid', 'invite_exhausted', 'email_taken', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/login': {
    post: operation({
      summary: 'Log in; a fresh session is always created and any presented one is ended',
      tag,
      access: 'none',
      mutating: true,
      body: 'LoginIn',
      success: {
        status: 200,
        description: 'Logged in (UserOut, session cookie); or, for a user with a second factor, MfaRequired and only the gh_mfa cookie',
        schema: { oneOf: [schemaRef('UserOut'), schemaRef('MfaRequired')] },
        setsCookie: true,
      },
      errors: ['invalid_credentials', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/step-up': {
    post: operation({
      operationId: 'stepUp',
      summary: 'Renew the current session\'s proof of identity (recent authentication)',
      description:
        'Creating API tokens and revoking other sessions need a proof of identity younger than 15 minutes. ' +
        'This renews it on the current session without creating a new one. A user without a second factor ' +
        'sends its password; a user with one sends a TOTP code or a recovery code (a password alone is refused). ' +
        'A wrong one counts toward the per-email login limit.',
      tag,
      access: 'session',
      mutating: true,
      body: 'StepUpIn',
      success: { status: 204, description: 'Proof renewed' },
      errors: ['invalid_credentials', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/logout': {
    post: operation({
      summary: 'End the current session and expire the cookie (idempotent)',
      tag,
      access: 'none',
      mutating: true,
      success: { status: 204, description: 'Logged out', setsCookie: true },
    }),
  },
};
