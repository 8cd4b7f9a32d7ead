import type { AdminCaller } from '../../domain/admin-principal.js';
import { isUnused } from '../../domain/group.js';
import { GroupInUseError } from '../../domain/group-in-use.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordOnAdminTrail } from '../admin/admin-trail.js';
import { findGroup, type GroupSelector } from './group-selector.js';

/**
 * A group that an OpenID client or a forward-auth rule names is refused (GroupInUseError, code
 * group_in_use, listing them): removing it silently would widen or narrow someone's access. The
 * memberships go with it.
 */
export type DeleteGroup = (caller: AdminCaller, group: GroupSelector) => Promise<void>;

export const makeDeleteGroup =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>): DeleteGroup =>
  async (caller, selector) => {
    const scope = await openAdminScopeForChange(deps, caller);
    await scope.transaction(async (admin) => {
      const group = await findGroup(admin, selector);
      const usage = await admin.groups.usage(group.id);
      if (!isUnused(usage)) throw new GroupInUseError(usage);
      await admin.groups.delete(group.id);
      await recordOnAdminTrail(deps, admin, 'group_deleted', group.id);
    });
  };
