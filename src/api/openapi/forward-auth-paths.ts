import { admin } from './admin-paths.js';
import { arrayOf, schemaRef } from './operation.js';
import { idParameter } from './session-paths.js';

const policyNote =
  '`allowed_groups` are group ids (empty: every enabled user); `require_mfa` asks the session for a second-factor proof ' +
  '(an API token never has one). Verify reads the rules at each request, so a change holds at once on every instance; ' +
  'each change is `access_policy_changed` on the acting admin\'s trail.';

/** The forward-auth rules /api/v1/auth/verify applies by host and path prefix. */
export const forwardAuthPaths = {
  '/api/v1/admin/forward-auth/rules': {
    post: admin(
      {
        operationId: 'adminCreateForwardAuthRule',
        summary: 'Create a forward-auth rule for a host and path prefix',
        description:
          'Verify picks the rule whose `host` equals X-Forwarded-Host and whose `path_prefix` (default `/`) is the longest ' +
          'to cover X-Forwarded-Uri\'s path, segment by segment (`/app` covers `/app` and `/app/x`, not `/apple`). ' +
          `A second rule for the same host and prefix is 422. ${policyNote}`,
        body: 'ForwardAuthRuleIn',
        success: { status: 201, description: 'Created', schema: schemaRef('ForwardAuthRuleOut') },
      },
      true,
    ),
    get: admin(
      {
        operationId: 'adminListForwardAuthRules',
        summary: 'Every forward-auth rule, by host and path prefix',
        description: 'The rules verify applies; a host that no rule names admits any signed-in user.',
        success: { status: 200, description: 'The rules', schema: arrayOf('ForwardAuthRuleOut') },
      },
      false,
    ),
  },
  '/api/v1/admin/forward-auth/rules/{id}': {
    parameters: [idParameter],
    get: admin(
      {
        operationId: 'adminGetForwardAuthRule',
        summary: 'One forward-auth rule',
        description: 'The rule with that id; an unknown or malformed id is 404.',
        success: { status: 200, description: 'The rule', schema: schemaRef('ForwardAuthRuleOut') },
        errors: ['not_found'],
      },
      false,
    ),
    patch: admin(
      {
        operationId: 'adminUpdateForwardAuthRule',
        summary: 'Change a forward-auth rule',
        description: `Any of the fields of a new rule, at least one. ${policyNote}`,
        body: 'ForwardAuthRuleChangeIn',
        success: { status: 200, description: 'Updated', schema: schemaRef('ForwardAuthRuleOut') },
        errors: ['not_found'],
      },
      true,
    ),
    delete: admin(
      {
        operationId: 'adminDeleteForwardAuthRule',
        summary: 'Delete a forward-auth rule',
        description: 'Its host and prefix are then judged by the remaining rules, or as without rules (any signed-in user).',
        success: { status: 204, description: 'Deleted' },
        errors: ['not_found'],
      },
      true,
    ),
  },
};
