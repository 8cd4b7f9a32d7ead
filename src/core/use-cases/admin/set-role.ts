import Joi from 'joi';
import type { Role } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { parse } from '../../rules.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser } from './on-target-user.js';
import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';

const roleRules = Joi.object({ role: Joi.string().valid('admin', 'member').required() });

/** input: { role: 'admin' | 'member' }. */
export type SetRole = (caller: AdminCaller, target: UserRef, input: unknown) => Promise<void>;

/** Roles change only here (the operator's command); demoting the last enabled admin is refused. */
export const makeSetRole =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): SetRole =>
  async (caller, ref, input) => {
    const { role } = parse<{ role: Role }>(roleRules, input);
    await onTargetUser(deps, caller, ref, async (admin, target) => {
      if (role === 'member') await keepAnAdmin(admin, target);
      await target.scope.updateUser({ role, updatedAt: deps.clock.now() });
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'role_changed'));
    });
  };
