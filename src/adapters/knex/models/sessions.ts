import type { Session } from '../../../core/domain/session.js';
import type { Model } from './model.js';

export const SESSIONS: Model<Session> = {
  table: 'sessions',
  scopeColumn: 'user_id',
  ownerColumn: 'user_id',
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    {
      name: 'user_id',
      field: 'userId',
      type: { kind: 'id' },
      nullable: false,
      references: { table: 'users', column: 'id', onDelete: 'CASCADE' },
    },
    { name: 'token_hash', field: 'tokenHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'last_seen_at', field: 'lastSeenAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'user_agent', field: 'userAgent', type: { kind: 'text' }, nullable: true },
  ],
};
