import type { TotpFactor } from '../../../core/domain/second-factor.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** One per user; the secret only as the SecretBox sealed it (decision 0014). */
export const TOTP_FACTORS: ScopedModel<TotpFactor, 'userId', 'id' | 'userId'> & InsertableModel<TotpFactor, 'userId', 'id' | 'userId'> = {
  table: 'totp_factors',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'userId'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    { ...userIdColumn('userId'), unique: true },
    { name: 'sealed_secret', field: 'sealedSecret', type: { kind: 'text' }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'confirmed_at', field: 'confirmedAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'last_used_step', field: 'lastUsedStep', type: { kind: 'integer' }, nullable: false },
  ],
};
