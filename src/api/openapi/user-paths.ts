import { operation, schemaRef } from './operation.js';

const tag = 'users';

export const userPaths = {
  '/api/v1/users/me': {
    get: operation({
      operationId: 'getMe',
      summary: 'The caller',
      description: 'The account of the session cookie or API token that made the request. Never carries the role.',
      tag,
      access: 'any',
      mutating: false,
      duringEnrolment: true,
      success: { status: 200, description: 'The caller', schema: schemaRef('UserOut') },
    }),
    patch: operation({
      operationId: 'updateMe',
      summary: 'Change the display name or the username',
      description:
        'Either or both: a display name (trimmed, 1–100 characters, no control or format characters) and a username ' +
        '(1–64 characters of a-z 0-9 . _ -, starting with a letter or digit, stored lowercased; `null` removes it). A ' +
        'username another account has is `409 username_taken`, and then nothing changes.',
      tag,
      access: 'any',
      mutating: true,
      body: 'UserChangeIn',
      success: { status: 200, description: 'Updated', schema: schemaRef('UserOut') },
      errors: ['username_taken'],
    }),
    delete: operation({
      operationId: 'deleteMe',
      summary: 'Delete the account with its sessions, API tokens and invites (browser session only)',
      description:
        'Deletes the account for good, confirmed by its password; its sessions, API tokens and invites go with it and ' +
        'the cookie is expired. Only the browser session may do this: an API token gets `403 forbidden`. The last ' +
        'enabled admin cannot delete itself (`409 last_admin`): the service always keeps one.',
      tag,
      access: 'session',
      mutating: true,
      body: 'AccountDeleteIn',
      success: { status: 204, description: 'Deleted; the cookie is expired', setsCookie: true },
      errors: ['invalid_credentials', 'step_up_required', 'too_many_requests', 'last_admin'],
    }),
  },
  '/api/v1/users/me/password': {
    put: operation({
      operationId: 'changePassword',
      summary: 'Change the password; other sessions are revoked, the current one rotated (browser session only)',
      description:
        'Replaces the password after checking the current one. Every other session of the user ends, the current one ' +
        'is replaced by a new cookie; API tokens stay valid. Only the browser session may do this: an API token gets ' +
        '`403 forbidden`.',
      tag,
      access: 'session',
      mutating: true,
      body: 'PasswordChangeIn',
      success: { status: 204, description: 'Changed; a new cookie is set', setsCookie: true },
      errors: ['invalid_credentials', 'step_up_required', 'too_many_requests'],
    }),
  },
};
