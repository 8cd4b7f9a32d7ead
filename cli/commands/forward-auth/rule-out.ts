import type { ForwardAuthRule } from '../../../src/core/domain/forward-auth-rule.js';

/** ForwardAuthRuleOut of docs/api.md; `allowed_groups` holds ids, as the policy does. */
export const toRuleOut = (rule: ForwardAuthRule) => ({
  id: rule.id,
  host: rule.host,
  path_prefix: rule.pathPrefix,
  allowed_groups: rule.allowedGroups,
  require_mfa: rule.requireMfa,
  created_at: rule.createdAt.toISOString(),
});
