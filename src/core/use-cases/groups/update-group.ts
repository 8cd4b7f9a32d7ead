import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { GroupWithCount } from '../../domain/group.js';
import { groupChangeRules } from '../../access-rules.js';
import type { GroupChanges } from '../../ports/group-store.js';
import type { Ports } from '../../ports/ports.js';
import { parse } from '../../rules.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordOnAdminTrail } from '../admin/admin-trail.js';
import { findGroup, type GroupSelector } from './group-selector.js';

/** input: { name?, description? } (at least one). A rename keeps every policy (they hold ids) and is group_renamed. */
export type UpdateGroup = (caller: AdminCaller, group: GroupSelector, input: unknown) => Promise<GroupWithCount>;

export const makeUpdateGroup =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>): UpdateGroup =>
  async (caller, selector, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const changes = parse<GroupChanges>(groupChangeRules, input);
    return scope.transaction(async (admin) => {
      const group = await findGroup(admin, selector);
      const outcome = await admin.groups.update(group.id, changes);
      if (outcome === 'taken') throw new DomainError('group_name_taken');
      if (outcome === 'not_found') throw new DomainError('not_found');
      if (changes.name !== undefined && changes.name !== group.name) await recordOnAdminTrail(deps, admin, 'group_renamed', group.id);
      return { ...group, ...changes };
    });
  };
