import type { GroupRef } from '../../domain/group.js';
import { isDisabled, type CredentialOwner } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { UserId } from '../../domain/user-id.js';

/** What the provider's claims and userinfo read of an account. */
export interface OidcAccount {
  userId: UserId;
  email: string;
  displayName: string;
  /** `preferred_username` of the profile scope; null when the user has none. */
  username: string | null;
  /** The `groups` claim: the names of the user's groups, read at this call. */
  groups: string[];
}

/** The account as the provider may use it: a disabled user is nobody. */
export const oidcAccountOf = (user: Pick<CredentialOwner, 'id' | 'email' | 'displayName' | 'username' | 'disabledAt'>, groups: readonly GroupRef[]): OidcAccount | null =>
  isDisabled(user) ? null : { userId: user.id, email: user.email, displayName: user.displayName, username: user.username, groups: groups.map((g) => g.name) };

/**
 * For the provider (src/oidc): the account an OpenID grant or token names, read at every use, so a
 * user disabled or deleted since is nobody (null) from the next request on. The account id comes
 * from the provider's own records, so the account's own scope is opened by it: no admin scope.
 */
export type FindOidcAccount = (accountId: string) => Promise<OidcAccount | null>;

export const makeFindOidcAccount =
  (deps: Pick<Ports, 'scopes'>): FindOidcAccount =>
  async (accountId) => {
    const scope = deps.scopes.openAccountNamedByProvider(accountId);
    const user = scope && (await scope.findUser());
    if (!scope || !user || isDisabled(user)) return null;
    return oidcAccountOf(user, await scope.listGroups());
  };
