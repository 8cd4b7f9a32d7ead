import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScope } from '../admin/admin-authentication.js';
import { toOidcClientView, type OidcClientView } from './oidc-client-view.js';

/** Admins (cookie or token); an unknown client id → not_found. */
export type GetOidcClient = (caller: AdminCaller, clientId: string) => Promise<OidcClientView>;

export const makeGetOidcClient =
  (deps: Pick<Ports, 'scopes' | 'admins'>): GetOidcClient =>
  async (caller, clientId) => {
    const client = await (await openAdminScope(deps, caller)).findOidcClient(clientId);
    if (!client) throw new DomainError('not_found');
    return toOidcClientView(client);
  };
