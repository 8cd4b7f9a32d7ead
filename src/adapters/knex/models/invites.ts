import type { Invite } from '../../../core/domain/invite.js';
import type { InsertableModel } from './model.js';

/** Owned through created_by, not user_id: a scope may insert one but never select() it (docs/architecture.md). */
export const INVITES: InsertableModel<Invite, 'createdBy', 'id' | 'codeHash'> = {
  table: 'invites',
  owner: { column: 'created_by', field: 'createdBy' },
  keys: ['id', 'codeHash'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    { name: 'code_hash', field: 'codeHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    {
      name: 'created_by',
      field: 'createdBy',
      type: { kind: 'id' },
      nullable: false,
      references: { table: 'users', column: 'id', onDelete: 'CASCADE' },
    },
    { name: 'max_uses', field: 'maxUses', type: { kind: 'integer' }, nullable: false },
    { name: 'used_count', field: 'usedCount', type: { kind: 'integer' }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
