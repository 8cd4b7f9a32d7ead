import type { ApiToken } from '../../../core/domain/api-token.js';
import type { Model } from './model.js';

export const API_TOKENS: Model<ApiToken> = {
  table: 'api_tokens',
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
    { name: 'name', field: 'name', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'token_hash', field: 'tokenHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'last_used_at', field: 'lastUsedAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
