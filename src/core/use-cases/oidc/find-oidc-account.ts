import { isDisabled } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScope } from '../admin/admin-authentication.js';

/** What the provider's claims and userinfo read of an account. */
export interface OidcAccount {
  userId: string;
  email: string;
  displayName: string;
  /** `preferred_username` of the profile scope; null when the user has none. */
  username: string | null;
  /** The `groups` claim: the names of the user's groups, read at this call. */
  groups: string[];
}

/**
 * For the provider (src/oidc): the account an OpenID grant or token names, read at every use, so a
 * user disabled or deleted since is nobody (null) from the next request on. The account id comes
 * from the provider's own records, so it is read through the operator's admin scope.
 */
export type FindOidcAccount = (accountId: string) => Promise<OidcAccount | null>;

export const makeFindOidcAccount =
  (deps: Pick<Ports, 'scopes' | 'admins'>): FindOidcAccount =>
  async (accountId) => {
    const target = await (await openAdminScope(deps, 'operator')).findUser(accountId);
    if (!target || isDisabled(target.user)) return null;
    const groups = await target.scope.listGroups();
    return { userId: target.user.id, email: target.user.email, displayName: target.user.displayName, username: target.user.username, groups: groups.map((g) => g.name) };
  };
