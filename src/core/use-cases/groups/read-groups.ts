import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { GroupRef, GroupWithCount } from '../../domain/group.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScope } from '../admin/admin-authentication.js';
import { findTarget } from '../admin/on-target-user.js';
import { findGroup, type GroupSelector } from './group-selector.js';

/** Admins (cookie or token): every group, by name. */
export type ListGroups = (caller: AdminCaller) => Promise<GroupWithCount[]>;
/** Admins (cookie or token); unknown → not_found. */
export type GetGroup = (caller: AdminCaller, group: GroupSelector) => Promise<GroupWithCount>;
/** Admins: a user's groups, by name (the admin user page); unknown user → not_found. */
export type ListUserGroups = (caller: AdminCaller, user: UserRef) => Promise<GroupRef[]>;
/** The signed-in user's own groups, by name (GET /users/me/groups, the account overview). */
export type ListMyGroups = (principal: Principal) => Promise<GroupRef[]>;

type Deps = Pick<Ports, 'scopes' | 'admins'>;

export const makeListGroups = (deps: Deps): ListGroups => async (caller) => (await openAdminScope(deps, caller)).groups.list();

export const makeGetGroup = (deps: Deps): GetGroup => async (caller, group) => findGroup(await openAdminScope(deps, caller), group);

export const makeListUserGroups =
  (deps: Deps): ListUserGroups =>
  async (caller, user) => {
    const admin = await openAdminScope(deps, caller);
    return admin.groups.groupsOf((await findTarget(admin, user)).user.id);
  };

export const makeListMyGroups = (deps: Pick<Ports, 'scopes'>): ListMyGroups => (principal) => deps.scopes.open(principal.userId).listGroups();
