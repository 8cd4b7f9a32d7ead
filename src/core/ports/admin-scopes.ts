import type { AdminPrincipal } from '../domain/admin-principal.js';
import type { Invite } from '../domain/invite.js';
import type { OidcClient } from '../domain/oidc-client.js';
import type { SecurityEvent, TrailEventType } from '../domain/security-event.js';
import type { UserId } from '../domain/user-id.js';
import type { User } from '../domain/user.js';
import type { ForwardAuthRuleStore } from './forward-auth-rule-store.js';
import type { GroupStore } from './group-store.js';
import type { UserScope } from './user-scopes.js';

/** Oldest first by id; `after` is the last id of the previous page. */
export interface UserQuery {
  emailPrefix: string | null;
  /** Only the members of that group. */
  memberOf?: string;
  limit: number;
  after: string | null;
}

/** Newest first by id; `before` is the last id of the previous page. */
export interface EventQuery {
  userId: string | null;
  type: TrailEventType | null;
  limit: number;
  before: string | null;
}

export interface AdminUser {
  user: User;
  /** True while the user has a confirmed TOTP or a passkey. */
  mfa: boolean;
}

/** A user an admin acts on, with that user's own scope on the admin scope's connection or transaction. */
export interface TargetUser extends AdminUser {
  scope: UserScope;
}

/**
 * The admin scope: the fourth access mode, for cross-user reads. Only an AdminPrincipal opens it.
 * Changes to one user go through the scope `findUser` hands out; inside `transaction`, with their
 * event. A path id that names no user (or is no UUID) is null, like a missing row.
 */
export interface AdminScope {
  readonly admin: AdminPrincipal;
  /** Groups and memberships, on this scope's connection (inside `transaction`, part of it). */
  readonly groups: GroupStore;
  readonly forwardAuthRules: ForwardAuthRuleStore;
  /**
   * One transaction that admin transactions take one after the other (PostgreSQL: an advisory lock;
   * SQLite: the write lock at BEGIN), so a count of enabled admins and the change it allows cannot
   * interleave with another. Inside, `transaction` joins the open one.
   */
  transaction<T>(work: (scope: AdminScope) => Promise<T>): Promise<T>;
  listUsers(query: UserQuery): Promise<AdminUser[]>;
  findUser(id: string): Promise<TargetUser | null>;
  findUserByEmail(email: string): Promise<TargetUser | null>;
  countEnabledAdmins(): Promise<number>;
  /** Every admin's invites, newest first. */
  listInvites(): Promise<Invite[]>;
  countLiveInvites(createdBy: UserId, now: Date): Promise<number>;
  /** Deletes the invite; answers who created it, or null when there was none. */
  deleteInvite(inviteId: string): Promise<UserId | null>;
  listEvents(query: EventQuery): Promise<SecurityEvent[]>;
  /** Throws on a client id already taken (the primary key); its allowed groups must exist. */
  insertOidcClient(client: OidcClient): Promise<void>;
  /** Replaces every field but the id, the type, the secret and created_at; false when there is none. */
  updateOidcClient(client: OidcClient): Promise<boolean>;
  /** Newest first (by created_at, then client id). */
  listOidcClients(): Promise<OidcClient[]>;
  findOidcClient(clientId: string): Promise<OidcClient | null>;
  /** Deletes the client and, by cascade, every grant, code and token issued to it; false when there was none. */
  deleteOidcClient(clientId: string): Promise<boolean>;
}

export interface AdminScopes {
  open(admin: AdminPrincipal): AdminScope;
}
