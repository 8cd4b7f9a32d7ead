import type { Ports } from '../../ports/ports.js';
import type { UseCases } from '../use-cases.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';

export const makeEnableUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): UseCases['enableUser'] =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      await target.scope.updateUser({ disabledAt: null });
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'user_enabled'));
    });
