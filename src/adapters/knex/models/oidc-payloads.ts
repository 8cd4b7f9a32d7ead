import type { OidcPayloadRow } from '../../oidc-payload-row.js';
import type { ScopedModel } from './model.js';

/**
 * Read by the provider's adapter on (model, id) before any user is known; a user scope reads and
 * deletes its own rows (grants, tokens) filtered on account_id. Both cascades are on the database.
 */
export const OIDC_PAYLOADS: ScopedModel<OidcPayloadRow, 'accountId', 'id'> = {
  table: 'oidc_payloads',
  scope: { column: 'account_id', field: 'accountId' },
  keys: ['id'],
  columns: [
    { name: 'model', field: 'model', type: { kind: 'string', length: 64 }, nullable: false, primary: true },
    { name: 'id', field: 'id', type: { kind: 'string', length: 255 }, nullable: false, primary: true },
    { name: 'payload', field: 'payload', type: { kind: 'text' }, nullable: false },
    {
      name: 'account_id',
      field: 'accountId',
      type: { kind: 'id' },
      nullable: true,
      references: { table: 'users', column: 'id', onDelete: 'CASCADE' },
    },
    {
      name: 'client_id',
      field: 'clientId',
      type: { kind: 'string', length: 64 },
      nullable: true,
      references: { table: 'oidc_clients', column: 'client_id', onDelete: 'CASCADE' },
    },
    { name: 'grant_id', field: 'grantId', type: { kind: 'string', length: 255 }, nullable: true },
    { name: 'uid', field: 'uid', type: { kind: 'string', length: 255 }, nullable: true },
    { name: 'user_code', field: 'userCode', type: { kind: 'string', length: 255 }, nullable: true },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'consumed_at', field: 'consumedAt', type: { kind: 'timestamp' }, nullable: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
