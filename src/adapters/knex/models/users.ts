import type { CredentialOwner, User } from '../../../core/domain/user.js';
import { projectionOf, type Model, type ScopedModel } from './model.js';

export const EMAIL_MAX = 254;

/** The user row is that user's own data, so a scope filters users on `id`; only the auth session inserts one. */
export const USERS: ScopedModel<User, 'id', 'id' | 'email'> = {
  table: 'users',
  scope: { column: 'id', field: 'id' },
  keys: ['id', 'email'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    { name: 'email', field: 'email', type: { kind: 'string', length: EMAIL_MAX }, nullable: false, unique: true },
    { name: 'display_name', field: 'displayName', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'password_hash', field: 'passwordHash', type: { kind: 'text' }, nullable: false },
    { name: 'role', field: 'role', type: { kind: 'string', length: 16 }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'updated_at', field: 'updatedAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'disabled_at', field: 'disabledAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'last_login_at', field: 'lastLoginAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'username', field: 'username', type: { kind: 'string', length: 64 }, nullable: true, unique: true },
  ],
};

/** The user columns the per-request credential lookups join: a principal's, never password_hash. */
export const CREDENTIAL_OWNERS: Model<CredentialOwner, never> = projectionOf(USERS, ['id', 'email', 'displayName', 'username', 'role', 'createdAt', 'disabledAt']);
