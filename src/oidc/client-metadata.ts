import type { ClientMetadata } from 'oidc-provider';
import type { OidcClient } from '../core/domain/oidc-client.js';
import { DEVICE_GRANT } from './device-flow.js';

/**
 * What oidc-provider is told about a client. A confidential client's `client_secret` is the
 * SHA-256 of its secret, as stored: the provider's secret comparison is replaced by one that hashes
 * what the client sent (secret-comparison.ts). Its method is `client_secret_basic`, which lets the
 * provider accept `client_secret_post` as well; a public client uses none and must send PKCE.
 */
export const clientMetadataOf = (client: OidcClient): ClientMetadata => ({
  client_id: client.clientId,
  client_name: client.name,
  redirect_uris: client.redirectUris,
  post_logout_redirect_uris: client.postLogoutRedirectUris,
  // Every ID token says when the person signed in, asked for or not.
  require_auth_time: true,
  grant_types: ['authorization_code', 'refresh_token', ...(client.device ? [DEVICE_GRANT] : [])],
  response_types: ['code'],
  // native: its loopback redirect URIs match on any port (RFC 8252 §7.3), as oidc-provider does for that type.
  application_type: client.applicationType,
  // Checked against the provider's enabled algorithms (id-token-algorithms.ts); every one has a current key.
  id_token_signed_response_alg: client.idTokenAlgorithm,
  // Its ID tokens carry sid, and its logout tokens name the session as well as the user.
  ...(client.backchannelLogoutUri !== null && { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true }),
  ...(client.type === 'public' || client.secretHash === null
    ? { token_endpoint_auth_method: 'none' }
    : { token_endpoint_auth_method: 'client_secret_basic', client_secret: client.secretHash }),
  // Read back by the provider's settings (pkce.required, consent), never sent to anyone.
  'gatehouse:skip_consent': client.skipConsent,
  'gatehouse:require_pkce': client.requirePkce,
  'gatehouse:introspect': client.introspect,
  'gatehouse:allowed_origins': client.allowedOrigins,
});

export const SKIP_CONSENT = 'gatehouse:skip_consent';
export const REQUIRE_PKCE = 'gatehouse:require_pkce';
export const INTROSPECT = 'gatehouse:introspect';
export const ALLOWED_ORIGINS = 'gatehouse:allowed_origins';
