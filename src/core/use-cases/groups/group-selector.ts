import { DomainError } from '../../domain/errors.js';
import type { GroupWithCount } from '../../domain/group.js';
import { normalizeName } from '../../domain/name-rule.js';
import type { AdminScope } from '../../ports/admin-scopes.js';

/** A group as a face names it: by path id over HTTP and on pages, by name at the command line. */
export type GroupSelector = { id: string } | { name: string };

/** The group a selector names; none (or a malformed id) is not_found. */
export const findGroup = async (admin: AdminScope, selector: GroupSelector): Promise<GroupWithCount> => {
  const found = 'id' in selector ? await admin.groups.find(selector.id) : await admin.groups.findByName(normalizeName(selector.name));
  if (!found) throw new DomainError('not_found');
  return found;
};
