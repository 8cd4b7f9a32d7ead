import type { GroupId } from '../../domain/group.js';
import type { AdminScope } from '../../ports/admin-scopes.js';
import { invalid } from '../../rules.js';

/** A policy names groups by id: every one must exist (else 422 on allowed_groups); answered in canonical form. */
export const existingGroups = async (admin: AdminScope, ids: readonly string[]): Promise<GroupId[]> => {
  if ((await admin.groups.unknownIds(ids)).length > 0) throw invalid(['allowed_groups'], 'must name existing groups');
  return ids.map((id) => id.toLowerCase() as GroupId);
};
