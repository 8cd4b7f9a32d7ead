import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import { usernameRules } from '../../access-rules.js';
import type { Ports } from '../../ports/ports.js';
import { parse } from '../../rules.js';
import { changeUsername } from '../account/change-username.js';
import type { AdminUserView } from '../views.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';
import { toAdminUserView } from './to-admin-views.js';

/** PATCH /admin/users/{id}: input { username } (null removes it); recent authentication as every admin change. */
export type UpdateUser = (caller: AdminCaller, target: UserRef, input: unknown) => Promise<AdminUserView>;

export const makeUpdateUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): UpdateUser =>
  async (caller, ref, input) => {
    const { username } = parse<{ username: string | null }>(usernameRules, input);
    return onTargetUser(deps, caller, ref, async (admin, target) => {
      await changeUsername(target.scope, target.user.username, username, () => adminEvent(deps, admin.admin, 'username_changed'));
      return toAdminUserView({ ...target, user: { ...target.user, username } });
    });
  };
