import type { OidcGrantView } from '../core/domain/oidc-client.js';
import type { OidcClientView } from '../core/use-cases/oidc/oidc-client-view.js';

/** The OidcClientOut representation; never the secret's hash. */
export const toOidcClientOut = (client: OidcClientView) => ({
  client_id: client.clientId,
  name: client.name,
  type: client.type,
  redirect_uris: client.redirectUris,
  post_logout_redirect_uris: client.postLogoutRedirectUris,
  skip_consent: client.skipConsent,
  require_pkce: client.requirePkce,
  allowed_groups: client.allowedGroups,
  require_mfa: client.requireMfa,
  introspect: client.introspect,
  device: client.device,
  application_type: client.applicationType,
  allowed_origins: client.allowedOrigins,
  backchannel_logout_uri: client.backchannelLogoutUri,
  id_token_signed_response_alg: client.idTokenAlgorithm,
  created_at: client.createdAt.toISOString(),
});

/** The answer to a creation: a confidential client's secret, this once. */
export const toOidcClientCreatedOut = ({ client, secret }: { client: OidcClientView; secret: string | null }) => ({
  ...toOidcClientOut(client),
  ...(secret === null ? {} : { client_secret: secret }),
});

export const toOidcGrantOut = (grant: OidcGrantView) => ({
  client_id: grant.clientId,
  name: grant.name,
  scopes: grant.scopes,
  created_at: grant.createdAt.toISOString(),
});
