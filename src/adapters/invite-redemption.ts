import type { RedeemOutcome, WithNewUser } from '../core/ports/auth-lookups.js';
import type { NewUser } from '../core/domain/user.js';

/**
 * The building block of `AuthLookups.redeemInviteSigningIn` on both stores, with any work in the
 * new user's transaction: no use case needs more than the registration's first sign-in, so it is no
 * port, but the contract suite holds both stores to it (the invite's limit under a race).
 */
export interface InviteRedemption {
  /**
   * In one transaction that takes the write lock when it begins: add one use to the invite only
   * while used_count < max_uses, insert the user, run `then`. Nothing is written unless all succeed.
   */
  redeemInvite<T = void>(inviteId: string, user: NewUser, then?: WithNewUser<T>): Promise<RedeemOutcome<T>>;
}
