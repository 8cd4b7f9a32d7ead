import { operation, schemaRef } from './operation.js';

export const invitePaths = {
  '/api/v1/invites': {
    post: operation({
      summary: 'Issue an invite (admins only); its code is shown once',
      tag: 'invites',
      access: 'any',
      mutating: true,
      body: 'InviteIn',
      success: { status: 201, description: 'Created', schema: schemaRef('InviteCreated') },
      errors: ['forbidden'],
    }),
  },
};
