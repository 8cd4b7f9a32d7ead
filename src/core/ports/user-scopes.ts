import type { AccountRecovery } from '../domain/account-recovery.js';
import type { ApiToken } from '../domain/api-token.js';
import type { GroupRef } from '../domain/group.js';
import type { Invite } from '../domain/invite.js';
import type { NewSecurityEvent, SecurityEvent } from '../domain/security-event.js';
import type { Session, SessionSignIn } from '../domain/session.js';
import type { UserId } from '../domain/user-id.js';
import type { User } from '../domain/user.js';
import type { FactorStore } from './factor-store.js';
import type { UserOidcStore } from './user-oidc-store.js';

export type UserChanges = Partial<Pick<User, 'displayName' | 'passwordHash' | 'updatedAt' | 'disabledAt' | 'lastLoginAt' | 'role'>>;
/** New proofs for a session; with `tokenHash`, its secret is rotated too (the old one dies, the id stays). */
export type SessionProof = Pick<Session, 'authenticatedAt' | 'secondFactorAt'> & Partial<Pick<Session, 'tokenHash'>>;

/** What a successful sign-in writes: the user's changes (last_login_at, a rehashed password), its session, its event. */
export interface SignInRecord {
  userChanges: UserChanges;
  session: Session;
  event: NewSecurityEvent;
}

/** Keyset paging, newest first: up to `limit` rows older than the row with id `before`. */
export interface Page {
  limit: number;
  before: string | null;
}

/**
 * Everything a known user may read or change, already confined to that user (docs/architecture.md user scope).
 * A row of another user is indistinguishable from a missing one: find* gives null, delete* false.
 */
export interface UserScope {
  readonly userId: UserId;
  /** The user's second factors, pending logins and WebAuthn challenges, on this scope's connection. */
  readonly factors: FactorStore;
  /** The user's OpenID grants and tokens, on this scope's connection (inside `transaction`, part of it). */
  readonly oidc: UserOidcStore;
  /**
   * Runs `work` in one transaction through a scope bound to it: every write and every recorded event
   * commit together or not at all, and transactions of the same user run one after the other (so a
   * count and the insert it allows cannot interleave). Inside, `transaction` joins the open one.
   */
  transaction<T>(work: (scope: UserScope) => Promise<T>): Promise<T>;

  findUser(): Promise<User | null>;
  updateUser(changes: UserChanges): Promise<void>;
  /** Sets or (null) removes the username; false when another user has it (the unique key decides). */
  setUsername(username: string | null): Promise<boolean>;
  /** The user's groups, by name. */
  listGroups(): Promise<GroupRef[]>;
  /** Deletes the user; sessions, API tokens, invites, events and memberships go with it. */
  deleteUser(): Promise<void>;

  findSession(sessionId: string): Promise<Session | null>;
  /** Newest first (by created_at, then id). */
  listSessions(): Promise<Session[]>;
  /**
   * Inserts a session owned by this scope's user, whatever the record says. The user keeps at most
   * SESSIONS_PER_USER: beyond that, the least recently seen sessions are deleted.
   */
  insertSession(session: Session): Promise<void>;
  /**
   * `updateUser`, `insertSession` and `recordEvent` in one transaction: the writes of a sign-in at
   * the password (login.ts), the second step (second-step.ts) and a passkey (login-with-passkey.ts).
   * Called outside a transaction, as the password login does, an adapter may run them as one unit
   * (the Knex adapter on SQLite: one prepared unit); inside `transaction`, as the second step and the
   * passkey login call it, they are part of that transaction, statement by statement. Account
   * recovery writes its own session; a registration's first sign-in is `redeemInviteSigningIn`.
   */
  recordSignIn(signIn: SignInRecord): Promise<void>;
  /** How and when the session was opened (its `authMethods` as written); null when it is not this user's. */
  findSessionSignIn(sessionId: string): Promise<SessionSignIn | null>;
  touchSession(sessionId: string, changes: { expiresAt: Date; lastSeenAt: Date }): Promise<void>;
  /** Renews the session's proof of identity in place (step-up); answers false if it is gone. */
  proveSession(sessionId: string, proof: SessionProof): Promise<boolean>;
  deleteSession(sessionId: string): Promise<boolean>;
  /** Deletes every session of the user except the one named (all of them when null). */
  deleteSessionsExcept(sessionId: string | null): Promise<number>;

  /** Newest first (by created_at, then id). */
  listApiTokens(): Promise<ApiToken[]>;
  countApiTokens(): Promise<number>;
  insertApiToken(token: ApiToken): Promise<void>;
  touchApiToken(tokenId: string, lastUsedAt: Date): Promise<void>;
  deleteApiToken(tokenId: string): Promise<boolean>;

  /** Inserts an invite whose created_by is this user, whatever the record says. */
  insertInvite(invite: Invite): Promise<void>;

  /** The user's one account-recovery code: every earlier one, used or not, is deleted (void). */
  replaceAccountRecovery(recovery: AccountRecovery): Promise<void>;
  /** Marks it used while unused and unexpired at `now`, in one statement: true for exactly one of concurrent callers. */
  useAccountRecovery(recoveryId: string, now: Date): Promise<boolean>;

  /** Appends to the user's security trail; inside `transaction`, with the change it records. */
  recordEvent(event: NewSecurityEvent): Promise<void>;
  /** The user's trail, newest first. */
  listEvents(page: Page): Promise<SecurityEvent[]>;

  /** True while the user has a confirmed TOTP or at least one passkey. */
  hasSecondFactor(): Promise<boolean>;
  /** Removes every second factor and recovery code of the user (a lost phone); answers how many went. */
  deleteSecondFactors(): Promise<number>;
}

export interface UserScopes {
  open(userId: UserId): UserScope;
  /**
   * The scope of the account an OpenID grant or token names: the provider's own records vouch for
   * the id, never a value a client sent. Null when it is no user id at all; the scope of an id whose
   * user is gone finds nothing.
   */
  openAccountNamedByProvider(accountId: string): UserScope | null;
}
