import type { AccountRecovery } from '../../../core/domain/account-recovery.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/**
 * Account-recovery codes (not the MFA recovery codes): found by the code's hash before identity is
 * known, issued and used up through the user's scope. Hashes only; `used_at` is set by one
 * conditional UPDATE, which exactly one concurrent redemption can win.
 */
export const ACCOUNT_RECOVERIES: ScopedModel<AccountRecovery, 'userId', 'id' | 'codeHash'> &
  InsertableModel<AccountRecovery, 'userId', 'id' | 'codeHash'> = {
  table: 'account_recoveries',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'codeHash'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'code_hash', field: 'codeHash', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'used_at', field: 'usedAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
