import { arrayOf, operation, schemaRef } from './operation.js';
import { idParameter } from './session-paths.js';

const tag = 'tokens';

export const tokenPaths = {
  '/api/v1/tokens': {
    post: operation({
      operationId: 'createToken',
      summary: 'Create an API token (browser session with recent authentication); its secret is shown once',
      description:
        'Issues a token (`gh_pat_…`) for scripts and service accounts, sent as `Authorization: Bearer <token>`. The secret ' +
        'is in this response only; store it at once. `expires_in_days` (1–365) is optional: absent or `null`, the token ' +
        'lasts until revoked. Only a browser session may create one (an API token gets `403 forbidden`), within 15 ' +
        'minutes of its last login or step-up (else `403 step_up_required`).',
      tag,
      access: 'session',
      mutating: true,
      body: 'TokenIn',
      success: { status: 201, description: 'Created', schema: schemaRef('ApiTokenCreated') },
      errors: ['step_up_required', 'quota_exceeded'],
    }),
    get: operation({
      operationId: 'listTokens',
      summary: "The caller's API tokens",
      description: "The caller's tokens, without their secrets; `last_used_at` is accurate to the minute.",
      tag,
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'Tokens', schema: arrayOf('ApiTokenOut') },
    }),
  },
  '/api/v1/tokens/{id}': {
    parameters: [idParameter],
    delete: operation({
      operationId: 'revokeToken',
      summary: 'Revoke an API token at once',
      description: "The token answers `401` from the next request on, in every process. Another user's token id is `404`.",
      tag,
      access: 'any',
      mutating: true,
      success: { status: 204, description: 'Revoked' },
      errors: ['not_found'],
    }),
  },
};
