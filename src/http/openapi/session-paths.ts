import { arrayOf, operation } from './operation.js';

const tag = 'sessions';
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

export const sessionPaths = {
  '/api/v1/sessions': {
    get: operation({
      summary: "The caller's sessions, newest first",
      tag,
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'Sessions', schema: arrayOf('SessionOut') },
    }),
  },
  '/api/v1/sessions/{id}': {
    parameters: [idParameter],
    delete: operation({
      summary: 'Revoke one of the caller\'s sessions; the current one is a logout',
      tag,
      access: 'any',
      mutating: true,
      success: { status: 204, description: 'Revoked', setsCookie: true },
      errors: ['not_found', 'step_up_required'],
    }),
  },
  '/api/v1/sessions/revoke-others': {
    post: operation({
      summary: 'Revoke every session of the caller but the current one (browser session only)',
      tag,
      access: 'session',
      mutating: true,
      success: { status: 204, description: 'Revoked' },
      errors: ['step_up_required'],
    }),
  },
};

export { idParameter };
