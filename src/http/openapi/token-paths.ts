import { arrayOf, operation, schemaRef } from './operation.js';
import { idParameter } from './session-paths.js';

const tag = 'tokens';

export const tokenPaths = {
  '/api/v1/tokens': {
    post: operation({
      summary: 'Create an API token (browser session with recent authentication); its secret is shown once',
      tag,
      access: 'session',
      mutating: true,
      body: 'TokenIn',
      success: { status: 201, description: 'Created', schema: schemaRef('ApiTokenCreated') },
      errors: ['step_up_required', 'quota_exceeded'],
    }),
    get: operation({
      summary: "The caller's API tokens",
      tag,
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'Tokens', schema: arrayOf('ApiTokenOut') },
    }),
  },
  '/api/v1/tokens/{id}': {
    parameters: [idParameter],
    delete: operation({
      summary: 'Revoke an API token at once',
      tag,
      access: 'any',
      mutating: true,
      success: { status: 204, description: 'Revoked' },
      errors: ['not_found'],
    }),
  },
};
