import { operation, schemaRef } from './operation.js';
import { pageParameters } from './page-parameters.js';

export const eventPaths = {
  '/api/v1/users/me/events': {
    parameters: pageParameters,
    get: operation({
      operationId: 'listMyEvents',
      summary: "The caller's security events, newest first",
      description:
        'The trail of security-relevant changes to the caller\'s account (logins, password and factor changes, admin actions), ' +
        'a page at a time. Never a secret, a code or a hash.',
      tag: 'users',
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'A page of events', schema: schemaRef('SecurityEventPage') },
      errors: ['validation_failed'],
    }),
  },
};
