import type { UserId } from './user-id.js';

export type Role = 'admin' | 'member';

export interface User {
  id: UserId;
  email: string;
  displayName: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

/** A user about to be inserted: its id is only a candidate until the store has written the row. */
export type NewUser = Omit<User, 'id'> & { id: string };

/** What may leave the service about a user: no role, no hash. */
export interface PublicUser {
  id: UserId;
  email: string;
  displayName: string;
  createdAt: Date;
}

export const toPublicUser = (user: User): PublicUser => ({
  id: user.id,
  email: user.email,
  displayName: user.displayName,
  createdAt: user.createdAt,
});
