import type { StoredSigningKey } from '../../../core/ports/oidc-store.js';
import type { Model } from './model.js';

/** The provider's signing keys, each private JWK sealed with the service key. */
export const OIDC_SIGNING_KEYS: Model<StoredSigningKey, 'kid'> = {
  table: 'oidc_signing_keys',
  keys: ['kid'],
  columns: [
    { name: 'kid', field: 'kid', type: { kind: 'string', length: 64 }, nullable: false, primary: true },
    { name: 'alg', field: 'alg', type: { kind: 'string', length: 16 }, nullable: false },
    { name: 'sealed_jwk', field: 'sealedJwk', type: { kind: 'text' }, nullable: false },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'retired_at', field: 'retiredAt', type: { kind: 'timestamp' }, nullable: true },
  ],
};
