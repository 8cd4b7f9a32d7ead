import type { GroupWithCount } from '../../../src/core/domain/group.js';

/** GroupOut of docs/api.md: the wire's snake_case. */
export const toGroupOut = (group: GroupWithCount) => ({
  id: group.id,
  name: group.name,
  description: group.description,
  created_at: group.createdAt.toISOString(),
  member_count: group.memberCount,
});
