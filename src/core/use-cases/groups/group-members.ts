import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import { pageOf, type Paged } from '../../domain/page-cursor.js';
import type { Ports } from '../../ports/ports.js';
import { pageRules, parseQuery } from '../../query-rules.js';
import { openAdminScope, openAdminScopeForChange } from '../admin/admin-authentication.js';
import { adminEvent } from '../admin/admin-event.js';
import { findTarget } from '../admin/on-target-user.js';
import { toAdminUserView } from '../admin/to-admin-views.js';
import { afterCursor } from '../cursor-position.js';
import type { AdminUserView } from '../views.js';
import { findGroup, type GroupSelector } from './group-selector.js';

/** Admins (cookie or token): the members, oldest first, paged as the user list ({ limit?, cursor? }). */
export type ListGroupMembers = (caller: AdminCaller, group: GroupSelector, query: unknown) => Promise<Paged<AdminUserView>>;
/** Idempotent: a member added again, or a non-member removed, changes (and records) nothing. */
export type ChangeGroupMember = (caller: AdminCaller, group: GroupSelector, user: UserRef) => Promise<void>;

type ChangeDeps = Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>;

export const makeListGroupMembers =
  (deps: Pick<Ports, 'scopes' | 'admins'>): ListGroupMembers =>
  async (caller, selector, query) => {
    const admin = await openAdminScope(deps, caller);
    const group = await findGroup(admin, selector);
    const q = parseQuery<{ limit: number; cursor?: string }>(pageRules, query);
    const rows = await admin.listUsers({ emailPrefix: null, memberOf: group.id, limit: q.limit + 1, after: afterCursor(q.cursor) });
    return pageOf(rows.map((row) => ({ ...row, id: row.user.id })), q.limit, toAdminUserView);
  };

/** The member's own trail records it (user and actor), naming the group, with the change. */
const changeMember = (deps: ChangeDeps, adding: boolean): ChangeGroupMember => async (caller, selector, ref) => {
  const scope = await openAdminScopeForChange(deps, caller);
  await scope.transaction(async (admin) => {
    const group = await findGroup(admin, selector);
    const target = await findTarget(admin, ref);
    const changed = adding ? await admin.groups.addMember(group.id, target.user.id, deps.clock.now()) : await admin.groups.removeMember(group.id, target.user.id);
    if (changed) await target.scope.recordEvent(adminEvent(deps, admin.admin, adding ? 'group_member_added' : 'group_member_removed', group.id));
  });
};

export const makeAddGroupMember = (deps: ChangeDeps): ChangeGroupMember => changeMember(deps, true);
export const makeRemoveGroupMember = (deps: ChangeDeps): ChangeGroupMember => changeMember(deps, false);
