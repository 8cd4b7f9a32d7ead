import type { ApiToken } from '../../../core/domain/api-token.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

export const API_TOKENS: ScopedModel<ApiToken, 'userId', 'id' | 'tokenHash'> & InsertableModel<ApiToken, 'userId', 'id' | 'tokenHash'> = {
  table: 'api_tokens',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'tokenHash'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'name', field: 'name', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'token_hash', field: 'tokenHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'last_used_at', field: 'lastUsedAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
