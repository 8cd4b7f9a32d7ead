import type { ApiToken } from '../domain/api-token.js';
import type { Invite } from '../domain/invite.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';

export type UserChanges = Partial<Pick<User, 'displayName' | 'passwordHash' | 'updatedAt'>>;

/**
 * Everything a known user may read or change, already confined to that user (SPEC §5 user scope).
 * A row of another user is indistinguishable from a missing one: find* gives null, delete* false.
 */
export interface UserScope {
  readonly userId: string;
  findUser(): Promise<User | null>;
  updateUser(changes: UserChanges): Promise<void>;
  /** Deletes the user; sessions, API tokens and invites go with it. */
  deleteUser(): Promise<void>;

  findSession(sessionId: string): Promise<Session | null>;
  /** Newest first (by created_at, then id). */
  listSessions(): Promise<Session[]>;
  insertSession(session: Session): Promise<void>;
  touchSession(sessionId: string, changes: { expiresAt: Date; lastSeenAt: Date }): Promise<void>;
  deleteSession(sessionId: string): Promise<boolean>;
  /** Deletes every session of the user except the one named (all of them when null). */
  deleteSessionsExcept(sessionId: string | null): Promise<number>;

  /** Newest first (by created_at, then id). */
  listApiTokens(): Promise<ApiToken[]>;
  insertApiToken(token: ApiToken): Promise<void>;
  touchApiToken(tokenId: string, lastUsedAt: Date): Promise<void>;
  deleteApiToken(tokenId: string): Promise<boolean>;

  /** Inserts an invite whose created_by is this user, whatever the record says. */
  insertInvite(invite: Invite): Promise<void>;
}

export interface UserScopes {
  open(userId: string): UserScope;
}
