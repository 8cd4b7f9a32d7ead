import type { UserId } from '../../../core/domain/user-id.js';
import type { SchemaModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';
import { SESSIONS } from './sessions.js';

/** How a session was opened (RFC 8176 values, space-separated), read only when a client asks (OIDC amr). */
export interface SessionSignInRow {
  id: string;
  userId: UserId;
  authenticatedAt: Date;
  authMethods: string | null;
}

/**
 * A second view of `sessions`: the per-request lookup keeps selecting SESSIONS' columns only
 * (spec/db/hot-path-sql.spec.ts), and this one reads and writes `auth_methods`.
 */
export const SESSION_SIGN_INS: ScopedModel<SessionSignInRow, 'userId', 'id'> = {
  table: 'sessions',
  scope: OWNED_BY_USER_ID,
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'authenticated_at', field: 'authenticatedAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'auth_methods', field: 'authMethods', type: { kind: 'text' }, nullable: true },
  ],
};

/** The whole table, as the drift check compares it. */
export const SESSIONS_TABLE: SchemaModel = {
  table: 'sessions',
  columns: [...SESSIONS.columns, SESSION_SIGN_INS.columns[3]!],
};
