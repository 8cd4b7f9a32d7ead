import type { RecoveryCode } from '../../../core/domain/second-factor.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** Hashes only; a code is used by deleting its row, which exactly one concurrent caller can do. */
export const RECOVERY_CODES: ScopedModel<RecoveryCode, 'userId', 'id'> & InsertableModel<RecoveryCode, 'userId', 'id'> = {
  table: 'recovery_codes',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'code_hash', field: 'codeHash', type: { kind: 'string', length: 64 }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
