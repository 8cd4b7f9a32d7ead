import { operation, schemaRef } from './operation.js';

export const invitePaths = {
  '/api/v1/invites': {
    post: operation({
      operationId: 'createInvite',
      summary: 'Issue an invite (admins only); its code is shown once',
      description:
        'Issues an invite code for registration, by an admin\'s session or token; a member gets `403 forbidden`. Defaults: ' +
        'one use, 7 days. The code is in this response only. At 1 000 unexpired invites of the admin: 409 quota_exceeded.',
      tag: 'invites',
      access: 'any',
      mutating: true,
      body: 'InviteIn',
      success: { status: 201, description: 'Created', schema: schemaRef('InviteCreated') },
      errors: ['forbidden', 'quota_exceeded'],
    }),
  },
};
