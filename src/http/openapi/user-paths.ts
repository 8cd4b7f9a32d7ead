import { operation, schemaRef } from './operation.js';

const tag = 'users';

export const userPaths = {
  '/api/v1/users/me': {
    get: operation({
      summary: 'The caller',
      tag,
      access: 'any',
      mutating: false,
      duringEnrolment: true,
      success: { status: 200, description: 'The caller', schema: schemaRef('UserOut') },
    }),
    patch: operation({
      summary: 'Change the display name',
      tag,
      access: 'any',
      mutating: true,
      body: 'DisplayNameIn',
      success: { status: 200, description: 'Updated', schema: schemaRef('UserOut') },
    }),
    delete: operation({
      summary: 'Delete the account with its sessions, API tokens and invites (browser session only)',
      tag,
      access: 'session',
      mutating: true,
      body: 'AccountDeleteIn',
      success: { status: 204, description: 'Deleted; the cookie is expired', setsCookie: true },
      errors: ['invalid_credentials', 'step_up_required', 'too_many_requests'],
    }),
  },
  '/api/v1/users/me/password': {
    put: operation({
      summary: 'Change the password; other sessions are revoked, the current one rotated (browser session only)',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasswordChangeIn',
      success: { status: 204, description: 'Changed; a new cookie is set', setsCookie: true },
      errors: ['invalid_credentials', 'step_up_required', 'too_many_requests'],
    }),
  },
};
