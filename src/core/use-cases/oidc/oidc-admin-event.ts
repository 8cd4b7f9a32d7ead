import type { AdminScope } from '../../ports/admin-scopes.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from '../admin/admin-event.js';

/**
 * A client change recorded in the acting admin's own trail, in the admin transaction of the change
 * (decision 0007). The operator is no user and has no trail: its change goes to the security log.
 */
export const recordClientEvent = async (
  deps: Pick<Ports, 'ids' | 'clock' | 'log'>,
  admin: AdminScope,
  type: 'oidc_client_created' | 'oidc_client_deleted',
  clientId: string,
): Promise<void> => {
  const acting = admin.admin;
  if (acting.adminId === null) {
    deps.log.write({ type, userId: null, actor: acting.actor, actorId: null, targetId: clientId, clientAddress: acting.context.clientAddress });
    return;
  }
  const self = await admin.findUser(acting.adminId);
  await self?.scope.recordEvent(adminEvent(deps, acting, type, clientId));
};
