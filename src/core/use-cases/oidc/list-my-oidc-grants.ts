import type { OidcGrantView } from '../../domain/oidc-client.js';
import { mergeGrantsByClient } from '../../domain/oidc-grant.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';

/** The caller's connected applications (cookie or token): one per client, the scopes it was granted. */
export type ListMyOidcGrants = (principal: Principal) => Promise<OidcGrantView[]>;

export const makeListMyOidcGrants =
  (deps: Pick<Ports, 'scopes' | 'clock'>): ListMyOidcGrants =>
  async (principal) =>
    mergeGrantsByClient(await deps.scopes.open(principal.userId).oidc.listGrants(deps.clock.now()));
