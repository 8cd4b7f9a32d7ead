import type { OidcClient } from '../../../core/domain/oidc-client.js';
import type { OidcClientRow } from '../models/index.js';

export const toClientRow = (client: OidcClient): OidcClientRow => ({
  ...client,
  redirectUris: JSON.stringify(client.redirectUris),
  postLogoutRedirectUris: JSON.stringify(client.postLogoutRedirectUris),
  skipConsent: client.skipConsent ? 1 : 0,
  requirePkce: client.requirePkce ? 1 : 0,
});

export const fromClientRow = (row: OidcClientRow): OidcClient => ({
  ...row,
  redirectUris: JSON.parse(row.redirectUris) as string[],
  postLogoutRedirectUris: JSON.parse(row.postLogoutRedirectUris) as string[],
  skipConsent: row.skipConsent === 1,
  requirePkce: row.requirePkce === 1,
});
