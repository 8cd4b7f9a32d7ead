import type { Ports } from '../../ports/ports.js';
import type { UseCases } from '../use-cases.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser, refuseSelf } from './on-target-user.js';

/**
 * The cascade takes the user's trail with it, so the deletion is recorded in the acting admin's
 * own trail, naming the deleted id only.
 */
export const makeDeleteUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): UseCases['deleteUser'] =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      refuseSelf(admin, target);
      await keepAnAdmin(admin, target);
      await target.scope.deleteUser();
      const self = admin.admin.adminId === null ? null : await admin.findUser(admin.admin.adminId);
      await self?.scope.recordEvent(adminEvent(deps, admin.admin, 'user_deleted', target.user.id));
    });
