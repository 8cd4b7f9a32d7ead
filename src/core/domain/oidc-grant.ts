import type { OidcGrantView } from './oidc-client.js';

/** The payload models whose rows let a client act for the user: revoked when the account changes hands or locks. */
export const OIDC_TOKEN_MODELS = ['AuthorizationCode', 'AccessToken', 'RefreshToken'] as const;

/** oidc-provider keeps a grant's OpenID scopes as one space-separated string under `openid.scope`. */
export const grantScopes = (payload: Readonly<Record<string, unknown>>): string[] => {
  const openid = payload.openid as { scope?: unknown } | undefined;
  return typeof openid?.scope === 'string' ? openid.scope.split(' ').filter((scope) => scope !== '') : [];
};

/** One view per client: the scopes of all its grants, since the first of them. */
export const mergeGrantsByClient = (grants: readonly OidcGrantView[]): OidcGrantView[] => {
  const byClient = new Map<string, OidcGrantView>();
  for (const grant of grants) {
    const seen = byClient.get(grant.clientId);
    if (!seen) byClient.set(grant.clientId, { ...grant, scopes: [...grant.scopes] });
    else {
      seen.scopes = [...new Set([...seen.scopes, ...grant.scopes])];
      if (grant.createdAt.getTime() < seen.createdAt.getTime()) seen.createdAt = grant.createdAt;
    }
  }
  return [...byClient.values()];
};

/** Remembered consent outlives the provider's browser session: one payload per user and client names the grant. */
export const CONSENT_MODEL = 'GatehouseConsent';
export const consentKey = (accountId: string, clientId: string): string => `${accountId}:${clientId}`;
/** How long a remembered consent (and the grant it names) lasts, in seconds. */
export const REMEMBERED_CONSENT_SECONDS = 365 * 24 * 3600;
