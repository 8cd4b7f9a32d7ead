import type { UserId } from './user-id.js';

export type Role = 'admin' | 'member';

export interface User {
  id: UserId;
  email: string;
  displayName: string;
  /** Optional, unique, lowercased (domain/name-rule.ts); what applications show as the login name. */
  username: string | null;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
  /** Set while an admin or the operator has disabled the account: every credential is refused. */
  disabledAt: Date | null;
  /** The last completed login (password, second step or passkey). */
  lastLoginAt: Date | null;
}

export const isDisabled = (user: Pick<User, 'disabledAt'>): boolean => user.disabledAt !== null;

/**
 * The user as every request's credential check reads it: what a Principal is built from and no
 * more, so that the password hash never travels on the hot path.
 */
export type CredentialOwner = Pick<User, 'id' | 'email' | 'displayName' | 'username' | 'role' | 'createdAt' | 'disabledAt'>;

export const toCredentialOwner = (user: CredentialOwner): CredentialOwner => ({
  id: user.id,
  email: user.email,
  displayName: user.displayName,
  username: user.username,
  role: user.role,
  createdAt: user.createdAt,
  disabledAt: user.disabledAt,
});

/** A user about to be inserted: its id is only a candidate until the store has written the row. */
export type NewUser = Omit<User, 'id'> & { id: string };

/** What may leave the service about a user: no role, no hash. */
export interface PublicUser {
  id: UserId;
  email: string;
  displayName: string;
  username: string | null;
  createdAt: Date;
}

export const toPublicUser = (user: Pick<User, keyof PublicUser>): PublicUser => ({
  id: user.id,
  email: user.email,
  displayName: user.displayName,
  username: user.username,
  createdAt: user.createdAt,
});
