import type { AdminCaller } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScope } from '../admin/admin-authentication.js';
import { toOidcClientView, type OidcClientView } from './oidc-client-view.js';

/** Admins (cookie or token) and the operator; newest first. */
export type ListOidcClients = (caller: AdminCaller) => Promise<OidcClientView[]>;

export const makeListOidcClients =
  (deps: Pick<Ports, 'scopes' | 'admins'>): ListOidcClients =>
  async (caller) =>
    (await (await openAdminScope(deps, caller)).listOidcClients()).map(toOidcClientView);
