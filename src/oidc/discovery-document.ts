import type { KoaContextWithOIDC } from 'oidc-provider';

const DISCOVERY = '/.well-known/openid-configuration';

/**
 * oidc-provider lists `sid` among the supported claims whatever the settings, but an ID token
 * carries it only for a client of back-channel logout: without that feature, discovery drops it.
 */
export const withoutUnusedClaims = (document: Record<string, unknown>): Record<string, unknown> => {
  const claims = document.claims_supported;
  if (!Array.isArray(claims) || document.backchannel_logout_session_supported === true) return document;
  return { ...document, claims_supported: claims.filter((claim) => claim !== 'sid') };
};

/** Discovery advertises what works: the document as oidc-provider wrote it, less what it cannot give. */
export const advertiseWhatWorks = async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
  await next();
  if (ctx.path === DISCOVERY && ctx.status === 200 && typeof ctx.body === 'object' && ctx.body !== null) {
    ctx.body = withoutUnusedClaims(ctx.body as Record<string, unknown>);
  }
};
