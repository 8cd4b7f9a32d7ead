import type { ApiToken } from '../domain/api-token.js';
import type { Invite } from '../domain/invite.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';

export type InsertUserOutcome = 'inserted' | 'email_taken';
export type RedeemOutcome = 'inserted' | 'invite_exhausted' | 'email_taken';

/**
 * The authentication session of SPEC §5: the only access before identity is known. Every read is an
 * exact match on a unique key; every write creates the row it names. Only authentication use
 * cases receive it.
 */
export interface AuthLookups {
  findUserByEmail(email: string): Promise<User | null>;
  findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: User } | null>;
  findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: User } | null>;
  findInviteByCodeHash(codeHash: string): Promise<Invite | null>;
  insertUser(user: User): Promise<InsertUserOutcome>;
  /**
   * In one transaction that takes the write lock when it begins: add one use to the invite only
   * while used_count < max_uses, and insert the user. Nothing is written unless both succeed.
   */
  redeemInvite(inviteId: string, user: User): Promise<RedeemOutcome>;
  insertSession(session: Session): Promise<void>;
  /** Deletes the session with that token hash; answers whose it was, or null when there was none. */
  deleteSessionByTokenHash(tokenHash: string): Promise<{ sessionId: string; userId: string } | null>;
}
