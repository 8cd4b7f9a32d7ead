import type { AdminScope } from '../../ports/admin-scopes.js';
import type { Ports } from '../../ports/ports.js';
import { recordOnAdminTrail } from '../admin/admin-trail.js';

/** A client change in the acting admin's own trail (decision 0007); the operator's goes to the security log. */
export const recordClientEvent = (
  deps: Pick<Ports, 'ids' | 'clock' | 'log'>,
  admin: AdminScope,
  type: 'oidc_client_created' | 'oidc_client_deleted' | 'access_policy_changed',
  clientId: string,
): Promise<void> => recordOnAdminTrail(deps, admin, type, clientId);
