import type { Session } from '../../../core/domain/session.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

export const SESSIONS: ScopedModel<Session, 'userId', 'id' | 'tokenHash'> & InsertableModel<Session, 'userId', 'id' | 'tokenHash'> = {
  table: 'sessions',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'tokenHash'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'token_hash', field: 'tokenHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'last_seen_at', field: 'lastSeenAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'user_agent', field: 'userAgent', type: { kind: 'text' }, nullable: true },
    { name: 'authenticated_at', field: 'authenticatedAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'second_factor_at', field: 'secondFactorAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
