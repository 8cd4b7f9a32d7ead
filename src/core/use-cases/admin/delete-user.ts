import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser, refuseSelf } from './on-target-user.js';

export type DeleteUser = (caller: AdminCaller, target: UserRef) => Promise<void>;

/**
 * The cascade takes the user's trail with it, so the deletion is recorded in the acting admin's
 * own trail, naming the deleted id only.
 */
export const makeDeleteUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): DeleteUser =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      refuseSelf(admin, target);
      await keepAnAdmin(admin, target);
      await target.scope.deleteUser();
      const self = admin.admin.adminId === null ? null : await admin.findUser(admin.admin.adminId);
      await self?.scope.recordEvent(adminEvent(deps, admin.admin, 'user_deleted', target.user.id));
    });
