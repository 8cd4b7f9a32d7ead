import type { OidcApplicationType, OidcClientType } from '../../../core/domain/oidc-client.js';
import type { SigningAlgorithm } from '../../../core/domain/signing-algorithm.js';
import type { Model } from './model.js';

/** An OidcClient as stored: URI lists as JSON text, flags as 0/1 (one type family on both engines). */
export interface OidcClientRow {
  clientId: string;
  name: string;
  type: OidcClientType;
  redirectUris: string;
  postLogoutRedirectUris: string;
  skipConsent: number;
  requirePkce: number;
  secretHash: string | null;
  createdAt: Date;
  requireMfa: number;
  introspect: number;
  device: number;
  applicationType: OidcApplicationType;
  allowedOrigins: string;
  backchannelLogoutUri: string | null;
  idTokenAlgorithm: SigningAlgorithm;
}

export const OIDC_CLIENTS: Model<OidcClientRow, 'clientId'> = {
  table: 'oidc_clients',
  keys: ['clientId'],
  columns: [
    { name: 'client_id', field: 'clientId', type: { kind: 'string', length: 64 }, nullable: false, primary: true },
    { name: 'name', field: 'name', type: { kind: 'string', length: 100 }, nullable: false },
    { name: 'type', field: 'type', type: { kind: 'string', length: 16 }, nullable: false },
    { name: 'redirect_uris', field: 'redirectUris', type: { kind: 'text' }, nullable: false },
    { name: 'post_logout_redirect_uris', field: 'postLogoutRedirectUris', type: { kind: 'text' }, nullable: false },
    { name: 'skip_consent', field: 'skipConsent', type: { kind: 'integer' }, nullable: false },
    { name: 'require_pkce', field: 'requirePkce', type: { kind: 'integer' }, nullable: false },
    { name: 'secret_hash', field: 'secretHash', type: { kind: 'string', length: 64 }, nullable: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
    { name: 'require_mfa', field: 'requireMfa', type: { kind: 'integer' }, nullable: false },
    { name: 'introspect', field: 'introspect', type: { kind: 'integer' }, nullable: false },
    { name: 'device', field: 'device', type: { kind: 'integer' }, nullable: false },
    { name: 'application_type', field: 'applicationType', type: { kind: 'string', length: 16 }, nullable: false },
    { name: 'allowed_origins', field: 'allowedOrigins', type: { kind: 'text' }, nullable: false },
    { name: 'backchannel_logout_uri', field: 'backchannelLogoutUri', type: { kind: 'string', length: 2000 }, nullable: true },
    { name: 'id_token_signed_response_alg', field: 'idTokenAlgorithm', type: { kind: 'string', length: 16 }, nullable: false },
  ],
};
