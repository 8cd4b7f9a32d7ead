import Joi from 'joi';
import type { Role } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { parse } from '../../rules.js';
import type { UseCases } from '../use-cases.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser } from './on-target-user.js';

const roleRules = Joi.object({ role: Joi.string().valid('admin', 'member').required() });

/** Roles change only here (the operator's command); demoting the last enabled admin is refused. */
export const makeSetRole =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): UseCases['setRole'] =>
  async (caller, ref, input) => {
    const { role } = parse<{ role: Role }>(roleRules, input);
    await onTargetUser(deps, caller, ref, async (admin, target) => {
      if (role === 'member') await keepAnAdmin(admin, target);
      await target.scope.updateUser({ role, updatedAt: deps.clock.now() });
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'role_changed'));
    });
  };
