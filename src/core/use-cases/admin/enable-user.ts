import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';

export type EnableUser = (caller: AdminCaller, target: UserRef) => Promise<void>;

export const makeEnableUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): EnableUser =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      await target.scope.updateUser({ disabledAt: null });
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'user_enabled'));
    });
