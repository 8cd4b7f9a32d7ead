import { operation, schemaRef } from './operation.js';

const tag = 'auth';
const originRule =
  'A request that carries an `Origin` header must come from the public URL\'s origin (else `403 csrf_rejected`); ' +
  'a request without one (curl, scripts) is accepted.';

export const authPaths = {
  '/api/v1/auth/register': {
    post: operation({
      operationId: 'register',
      summary: 'Register with an invite code; sets the session cookie',
      description:
        'Creates a member account with an invite code from an admin, uses up one use of the invite and signs the new ' +
        'user in (the response sets the session cookie). Checked in this order: the body rules (422), the invite ' +
        '(400 `invite_invalid` when unknown or expired, 409 `invite_exhausted` when used up), then the email ' +
        `(409 \`email_taken\`). A refused registration uses up nothing. ${originRule}`,
      tag,
      access: 'none',
      mutating: true,
      body: 'RegisterIn',
      success: { status: 201, description: 'Created', schema: schemaRef('UserOut'), setsCookie: true },
      errors: ['invite_invalid', 'invite_exhausted', 'email_taken', 'username_taken', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/login': {
    post: operation({
      operationId: 'login',
      summary: 'Log in; a fresh session is always created and any presented one is ended',
      description:
        'Checks the email and password and sets a new session cookie (7 days idle, 30 days at most). An unknown email ' +
        'and a wrong password are the same `401 invalid_credentials`. Too many failures for one email (by default 10 ' +
        'within 15 minutes), or too many attempts from one address (100), answer `429` with `Retry-After`. A completed ' +
        'login also sets the device cookie `gh_device` (`__Host-gh_device` in production, one year): a browser that ' +
        'presents it is throttled on its own budget, not the email\'s, so failures from elsewhere cannot lock it out. ' +
        originRule,
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
        'This renews it on the current session (the session keeps its id). A user without a second factor ' +
        'sends its password; a user with one sends a TOTP code or a recovery code (a password alone is refused). ' +
        'Either way the session\'s secret is rotated with the proof: a new session cookie is set and ' +
        'the old value is dead at once. ' +
        'A wrong one counts toward the per-email login limit.',
      tag,
      access: 'session',
      mutating: true,
      body: 'StepUpIn',
      success: { status: 204, description: 'Proof renewed and the session cookie rotated', setsCookie: true },
      errors: ['invalid_credentials', 'too_many_requests'],
    }),
  },
  '/api/v1/auth/logout': {
    post: operation({
      operationId: 'logout',
      summary: 'End the current session and expire the cookie (idempotent)',
      description:
        'Deletes the session of the presented cookie on the server and expires the cookie; without a cookie it simply ' +
        'answers 204. With the cookie, the request must carry the public URL\'s `Origin`, and a foreign or `null` ' +
        '`Origin` is refused with or without it (else `403 csrf_rejected`, and no cookie is cleared).',
      tag,
      access: 'none',
      mutating: true,
      success: { status: 204, description: 'Logged out', setsCookie: true },
    }),
  },
};
