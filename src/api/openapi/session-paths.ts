import { arrayOf, operation } from './operation.js';

const tag = 'sessions';
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A UUID; anything else is answered like an unknown id (404).',
  schema: { type: 'string', format: 'uuid' },
};

export const sessionPaths = {
  '/api/v1/sessions': {
    get: operation({
      operationId: 'listSessions',
      summary: "The caller's sessions, newest first",
      description: 'Every live session of the caller. `current` marks the one that made the request (none, with an API token).',
      tag,
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'Sessions', schema: arrayOf('SessionOut') },
    }),
  },
  '/api/v1/sessions/{id}': {
    parameters: [idParameter],
    delete: operation({
      operationId: 'revokeSession',
      summary: "Revoke one of the caller's sessions; the current one is a logout",
      description:
        'Ends the session at once, in every process. Another user\'s session id is `404`, like an unknown one. ' +
        'Ending the current session expires its cookie.',
      tag,
      access: 'any',
      mutating: true,
      success: { status: 204, description: 'Revoked', setsCookie: true },
      errors: ['not_found', 'step_up_required'],
    }),
  },
  '/api/v1/sessions/revoke-others': {
    post: operation({
      operationId: 'revokeOtherSessions',
      summary: 'Revoke every session of the caller but the current one (browser session only)',
      description: 'Signs the caller out everywhere else. Only the browser session may do this: an API token gets `403 forbidden`.',
      tag,
      access: 'session',
      mutating: true,
      success: { status: 204, description: 'Revoked' },
      errors: ['step_up_required'],
    }),
  },
};

export { idParameter };
