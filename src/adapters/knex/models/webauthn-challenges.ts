import type { PasskeyLoginChallenge, WebAuthnChallenge } from '../../../core/domain/webauthn-challenge.js';
import type { InsertableModel, Model, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** A challenge bound to a session or a pending login of the user. */
export const WEBAUTHN_CHALLENGES: ScopedModel<WebAuthnChallenge, 'userId', 'id'> & InsertableModel<WebAuthnChallenge, 'userId', 'id'> = {
  table: 'webauthn_challenges',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'bound_to', field: 'boundTo', type: { kind: 'id' }, nullable: false },
    { name: 'purpose', field: 'purpose', type: { kind: 'string', length: 16 }, nullable: false },
    { name: 'challenge', field: 'challenge', type: { kind: 'string', length: 128 }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};

/** Passwordless challenges belong to nobody yet: no user column, so no scope reads them; the auth session does, by key. */
export const PASSKEY_LOGIN_CHALLENGES: Model<PasskeyLoginChallenge, 'secretHash'> = {
  table: 'passkey_login_challenges',
  keys: ['secretHash'],
  columns: [
    { name: 'secret_hash', field: 'secretHash', type: { kind: 'string', length: 64 }, nullable: false, primary: true },
    { name: 'challenge', field: 'challenge', type: { kind: 'string', length: 128 }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
