import type { PendingLogin } from '../../../core/domain/pending-login.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** Found by its secret's hash before identity is known (the second login step), then worked on through the user's scope. */
export const PENDING_LOGINS: ScopedModel<PendingLogin, 'userId', 'id' | 'secretHash'> & InsertableModel<PendingLogin, 'userId', 'id' | 'secretHash'> = {
  table: 'pending_logins',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'secretHash'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'secret_hash', field: 'secretHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'attempts', field: 'attempts', type: { kind: 'integer' }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
