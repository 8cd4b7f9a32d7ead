import type { Passkey } from '../../../core/domain/second-factor.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** A user's passkeys; the credential id is a key, so passwordless login can find one before identity is known. */
export const PASSKEYS: ScopedModel<Passkey, 'userId', 'id' | 'credentialId'> & InsertableModel<Passkey, 'userId', 'id' | 'credentialId'> = {
  table: 'passkeys',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id', 'credentialId'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'name', field: 'name', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'credential_id', field: 'credentialId', type: { kind: 'string', length: 1400 }, nullable: false, unique: true },
    { name: 'public_key', field: 'publicKey', type: { kind: 'text' }, nullable: false },
    { name: 'counter', field: 'counter', type: { kind: 'bigint' }, nullable: false },
    { name: 'transports', field: 'transports', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'last_used_at', field: 'lastUsedAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
