import { isDisabled } from '../../domain/user.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';

/** What a client may learn of a user, by scope: `sub` (openid), `email` (email), `name` (profile). */
export interface OidcAccount {
  userId: UserId;
  email: string;
  displayName: string;
}

/**
 * For the provider (src/oidc): the account an `accountId` names, read at each call (claims,
 * userinfo), so a disabled or deleted user is null from the next request on (CONTRACT §16).
 */
export type FindOidcAccount = (accountId: string) => Promise<OidcAccount | null>;

export const makeFindOidcAccount =
  (deps: Pick<Ports, 'auth'>): FindOidcAccount =>
  async (accountId) => {
    const user = await deps.auth.findUserById(accountId);
    if (!user || isDisabled(user)) return null;
    return { userId: user.id, email: user.email, displayName: user.displayName };
  };
