export type Role = 'admin' | 'member';

export interface User {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
}

/** What may leave the service about a user: no role, no hash. */
export interface PublicUser {
  id: string;
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
