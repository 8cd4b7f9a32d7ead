import type { ForwardAuthRule } from '../core/domain/forward-auth-rule.js';
import type { GroupRef, GroupWithCount } from '../core/domain/group.js';

/** GroupOut: a group as an admin reads it. */
export const toGroupOut = (group: GroupWithCount) => ({
  id: group.id,
  name: group.name,
  description: group.description,
  created_at: group.createdAt.toISOString(),
  member_count: group.memberCount,
});

/** GroupRefOut: what a user sees of its own groups. */
export const toGroupRefOut = (group: GroupRef) => ({ id: group.id, name: group.name });

/** ForwardAuthRuleOut. */
export const toForwardAuthRuleOut = (rule: ForwardAuthRule) => ({
  id: rule.id,
  host: rule.host,
  path_prefix: rule.pathPrefix,
  allowed_groups: rule.allowedGroups,
  require_mfa: rule.requireMfa,
  created_at: rule.createdAt.toISOString(),
});
