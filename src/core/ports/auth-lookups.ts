import type { AccountRecovery } from '../domain/account-recovery.js';
import type { ApiToken } from '../domain/api-token.js';
import type { Invite } from '../domain/invite.js';
import type { PendingLogin } from '../domain/pending-login.js';
import type { Passkey } from '../domain/second-factor.js';
import type { NewSecurityEvent } from '../domain/security-event.js';
import type { Session } from '../domain/session.js';
import type { UserId } from '../domain/user-id.js';
import type { CredentialOwner, NewUser, User } from '../domain/user.js';
import type { PasskeyLoginChallenge } from '../domain/webauthn-challenge.js';
import type { UserScope } from './user-scopes.js';

export type InsertUserOutcome<T = void> = { outcome: 'inserted'; user: User; result: T } | { outcome: 'email_taken' } | { outcome: 'username_taken' };
export type RedeemOutcome<T = void> = InsertUserOutcome<T> | { outcome: 'invite_exhausted' };
/** Work done through the new user's own scope in the transaction that creates the user; its result comes back. */
export type WithNewUser<T> = (scope: UserScope) => Promise<T>;
/**
 * A registration's first sign-in, made from the new user's id: its session and event, and a result
 * to hand back. Synchronous, so that an adapter can run the whole registration as one unit.
 */
export type FirstSignIn<T> = (userId: UserId) => { session: Session; event: NewSecurityEvent; result: T };

/**
 * The authentication session of docs/architecture.md: the only access before identity is known. Every read is an
 * exact match on a unique key; every write creates the row it names. Only the use cases listed in
 * spec/architecture.spec.ts may receive it.
 */
export interface AuthLookups {
  findUserByEmail(email: string): Promise<User | null>;
  /** Every request's lookups: the credential with only the owner's fields a principal needs. */
  findSessionByTokenHash(tokenHash: string): Promise<{ session: Session; user: CredentialOwner } | null>;
  findApiTokenByTokenHash(tokenHash: string): Promise<{ token: ApiToken; user: CredentialOwner } | null>;
  findInviteByCodeHash(codeHash: string): Promise<Invite | null>;
  /** The second login step: the pending login its cookie names, with its user. */
  findPendingLoginBySecretHash(secretHash: string): Promise<{ pending: PendingLogin; user: User } | null>;
  /** Account recovery: the code that hash names, with its user (whoever the caller says it is). */
  findAccountRecoveryByCodeHash(codeHash: string): Promise<{ recovery: AccountRecovery; user: User } | null>;
  /** Passwordless login: the passkey an assertion names, with its user. */
  findPasskeyByCredentialId(credentialId: string): Promise<{ passkey: Passkey; user: User } | null>;
  /** A passwordless challenge, bound to a cookie secret; drops the challenges expired by `now`. */
  insertPasskeyLoginChallenge(challenge: PasskeyLoginChallenge, now: Date): Promise<void>;
  /** Removes and answers the challenge that cookie secret names: single-use. */
  takePasskeyLoginChallenge(secretHash: string): Promise<PasskeyLoginChallenge | null>;
  /** Inserts the user and runs `then` in the same transaction; nothing is kept unless both succeed. */
  insertUser<T = void>(user: NewUser, then?: WithNewUser<T>): Promise<InsertUserOutcome<T>>;
  /**
   * Registration: in one transaction that takes the write lock when it begins, add one use to the
   * invite only while used_count < max_uses, insert the user and record its first sign-in (as
   * `UserScope.recordSignIn`, without user changes). Nothing is written unless all succeed.
   */
  redeemInviteSigningIn<T>(inviteId: string, user: NewUser, firstSignIn: FirstSignIn<T>): Promise<RedeemOutcome<T>>;
  /**
   * Deletes the session with that token hash and runs `then` through its owner's scope in the same
   * transaction; answers whose it was, or null when there was none (and `then` does not run).
   */
  deleteSessionByTokenHash(
    tokenHash: string,
    then?: (scope: UserScope, sessionId: string) => Promise<void>,
  ): Promise<{ sessionId: string; userId: UserId } | null>;
}
