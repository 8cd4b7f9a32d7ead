import { arrayOf, operation, schemaRef, type OperationSpec } from './operation.js';
import { pageParameters, queryParameter } from './page-parameters.js';
import { idParameter } from './session-paths.js';

const tag = 'admin';
type AdminOperation = Pick<OperationSpec, 'operationId' | 'summary' | 'description' | 'success'> & Partial<Pick<OperationSpec, 'body' | 'errors'>>;

/**
 * Every admin route: an enabled admin, the role read at each request. Reads take its cookie or a
 * token; changes only its cookie with a proof of the last 15 minutes, so a leaked token can read, never change.
 */
export const admin = (spec: AdminOperation, mutating: boolean) =>
  operation({
    ...spec,
    description: mutating
      ? `${spec.description} Needs the admin's session cookie (an API token is 403 forbidden) and a proof of identity of the last 15 minutes (else 403 step_up_required; POST /api/v1/auth/step-up renews it).`
      : spec.description,
    tag,
    access: mutating ? 'session' : 'any',
    mutating,
    errors: ['forbidden', ...(mutating ? (['step_up_required'] as const) : []), ...(spec.errors ?? [])],
  });
const change = (operationId: string, summary: string, description: string, errors: OperationSpec['errors'] = []) =>
  admin({ operationId, summary, description, success: { status: 204, description: 'Done' }, errors: ['not_found', ...(errors ?? [])] }, true);

export const adminPaths = {
  '/api/v1/admin/users': {
    parameters: [...pageParameters, queryParameter('email_prefix', 'Only users whose (normalised) email starts with this.')],
    get: admin(
      {
        operationId: 'adminListUsers',
        summary: 'Every user, oldest first',
        description: 'A page of users with whether each is disabled, has a second factor, and when it last logged in. No role.',
        success: { status: 200, description: 'A page of users', schema: schemaRef('AdminUserPage') },
        errors: ['validation_failed'],
      },
      false,
    ),
  },
  '/api/v1/admin/users/{id}': {
    parameters: [idParameter],
    get: admin(
      {
        operationId: 'adminGetUser',
        summary: 'One user',
        description: 'The user with that id; an unknown or malformed id is 404.',
        success: { status: 200, description: 'The user', schema: schemaRef('AdminUserOut') },
        errors: ['not_found'],
      },
      false,
    ),
    patch: admin(
      {
        operationId: 'adminUpdateUser',
        summary: "Set or remove a user's username",
        description:
          '`{username}`: 1–64 characters of a-z 0-9 . _ -, starting with a letter or digit, stored lowercased; `null` ' +
          "removes it. Taken by another account: 409 username_taken. Recorded on the user's trail (`username_changed`).",
        body: 'AdminUserChangeIn',
        success: { status: 200, description: 'Updated', schema: schemaRef('AdminUserOut') },
        errors: ['not_found', 'username_taken'],
      },
      true,
    ),
    delete: change(
      'adminDeleteUser',
      'Delete a user with its sessions, tokens, invites and events',
      'The deletion is recorded in the acting admin\'s own trail (`user_deleted`). Not oneself (409 self_action_refused), ' +
        'not the last enabled admin (409 last_admin).',
      ['self_action_refused', 'last_admin'],
    ),
  },
  '/api/v1/admin/users/{id}/disable': {
    parameters: [idParameter],
    post: change(
      'adminDisableUser',
      'Disable a user',
      'Its sessions and pending logins end at once; its API tokens answer 401 while it is disabled; its login answers ' +
        '401 invalid_credentials like a wrong password. Not oneself, not the last enabled admin.',
      ['self_action_refused', 'last_admin'],
    ),
  },
  '/api/v1/admin/users/{id}/enable': {
    parameters: [idParameter],
    post: change('adminEnableUser', 'Enable a disabled user', 'Its API tokens work again; its sessions ended when it was disabled.'),
  },
  '/api/v1/admin/users/{id}/sessions': {
    parameters: [idParameter],
    delete: change('adminRevokeUserSessions', 'Log a user out everywhere', 'Every session of the user ends at once.'),
  },
  '/api/v1/admin/users/{id}/mfa': {
    parameters: [idParameter],
    delete: change('adminResetUserMfa', "Remove a user's second factors", 'TOTP, passkeys and recovery codes go (a lost phone); 204 also when there were none.'),
  },
  '/api/v1/admin/users/{id}/recovery': {
    parameters: [idParameter],
    post: admin(
      {
        operationId: 'adminIssueAccountRecovery',
        summary: 'Issue a one-time account-recovery code for a user',
        description:
          'For a user who lost its password (no email is involved): a code of 140 random bits, valid 24 hours, usable ' +
          'once, shown only in this response (the database keeps its hash). An earlier unused code of the user is void. ' +
          'The user redeems it at POST /api/v1/auth/recover; second factors stay, and a user with one still finishes the ' +
          'recovery with it (a user who lost its factors too also needs an MFA reset).',
        success: { status: 201, description: 'Issued', schema: schemaRef('AccountRecoveryCodeOut') },
        errors: ['not_found'],
      },
      true,
    ),
  },
  '/api/v1/admin/invites': {
    get: admin(
      {
        operationId: 'adminListInvites',
        summary: "Every admin's invites, newest first",
        description: 'Codes are never shown again.',
        success: { status: 200, description: 'Invites', schema: arrayOf('InviteOut') },
      },
      false,
    ),
  },
  '/api/v1/admin/invites/{id}': {
    parameters: [idParameter],
    delete: change('adminRevokeInvite', 'Revoke an invite', 'Registering with its code is then 400 invite_invalid.'),
  },
  '/api/v1/admin/events': {
    parameters: [
      ...pageParameters,
      queryParameter('user_id', 'Only this user\'s events.', { type: 'string', format: 'uuid' }),
      queryParameter('type', 'Only events of this type.'),
    ],
    get: admin(
      {
        operationId: 'adminListEvents',
        summary: "Every user's security events, newest first",
        description: 'The same items as a user\'s own trail, each naming its user.',
        success: { status: 200, description: 'A page of events', schema: schemaRef('AdminEventPage') },
        errors: ['validation_failed'],
      },
      false,
    ),
  },
};
