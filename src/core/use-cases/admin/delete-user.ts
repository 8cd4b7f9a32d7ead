import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser, refuseSelf } from './on-target-user.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';

export type DeleteUser = (caller: AdminCaller, target: UserRef) => Promise<void>;

/**
 * The cascade takes the user's trail with it, so the deletion is recorded in the acting admin's
 * own trail, naming the deleted id only.
 */
export const makeDeleteUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'backchannel'>): DeleteUser =>
  async (caller, ref) => {
    const { userId, ended } = await onTargetUser(deps, caller, ref, async (admin, target) => {
      refuseSelf(admin, target);
      await keepAnAdmin(admin, target);
      // Every session goes with the user: the clients are read before the cascade takes the rows.
      await target.scope.deleteSessionsExcept(null);
      const ended = await endOidcSessions(target.scope);
      await target.scope.deleteUser();
      const self = admin.admin.adminId === null ? null : await admin.findUser(admin.admin.adminId);
      await self?.scope.recordEvent(adminEvent(deps, admin.admin, 'user_deleted', target.user.id));
      return { userId: target.user.id, ended };
    });
    deps.backchannel.notify(userId, ended);
  };
