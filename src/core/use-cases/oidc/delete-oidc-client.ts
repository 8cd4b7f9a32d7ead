import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordClientEvent } from './oidc-admin-event.js';

/** An admin's change (cookie with recent authentication), or the operator's; unknown → not_found. */
export type DeleteOidcClient = (caller: AdminCaller, clientId: string) => Promise<void>;

/** The client's grants, codes and tokens go with it (the cascade of oidc_payloads), in the same transaction as its event. */
export const makeDeleteOidcClient =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>): DeleteOidcClient =>
  async (caller, clientId) => {
    const scope = await openAdminScopeForChange(deps, caller);
    await scope.transaction(async (admin) => {
      if (!(await admin.deleteOidcClient(clientId))) throw new DomainError('not_found');
      await recordClientEvent(deps, admin, 'oidc_client_deleted', clientId);
    });
  };
