import type { TrailEventType } from '../../domain/security-event.js';
import type { AdminScope } from '../../ports/admin-scopes.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';

/**
 * A change that belongs to no user (a group, a policy) recorded in the acting admin's own trail, in
 * the admin transaction of the change. The operator is no user and has no trail: the security log.
 */
export const recordOnAdminTrail = async (deps: Pick<Ports, 'ids' | 'clock' | 'log'>, admin: AdminScope, type: TrailEventType, targetId: string): Promise<void> => {
  const acting = admin.admin;
  if (acting.adminId === null) {
    deps.log.write({ type, userId: null, actor: acting.actor, actorId: null, targetId, clientAddress: acting.context.clientAddress });
    return;
  }
  const self = await admin.findUser(acting.adminId);
  await self?.scope.recordEvent(adminEvent(deps, acting, type, targetId));
};
