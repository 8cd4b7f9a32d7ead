import type { KoaContextWithOIDC } from 'oidc-provider';

/** The endpoints where a client authenticates (those enabled now or later); elsewhere nothing changes. */
const CLIENT_AUTH_ENDPOINTS = new Set(['/token', '/token/revocation', '/token/introspection', '/device/auth']);

/**
 * oidc-provider's refusals of a missing or garbled client authentication, which RFC 6749 §5.2
 * answers as invalid_client (401), not invalid_request. Its other invalid_request answers (two
 * mechanisms at once, a client_id that disagrees) are requests malformed, and stay.
 */
const NOT_AUTHENTICATED = new Set(['no client authentication mechanism provided', 'invalid authorization header value format']);

const isRefusalOfAuthentication = (body: unknown): boolean => {
  const { error, error_description: description } = (body ?? {}) as { error?: unknown; error_description?: unknown };
  return error === 'invalid_request' && typeof description === 'string' && NOT_AUTHENTICATED.has(description);
};

/**
 * The answers of the endpoints that authenticate a client, as RFC 6749 words them: a missing or
 * wrong client authentication is 401 invalid_client, with a Basic challenge when Basic was tried
 * (§5.2); and, as §5.1 asks of a token response, Pragma: no-cache beside Cache-Control: no-store
 * for the HTTP/1.0 caches that read only Pragma.
 */
export const answerClientAuthAsRfc6749 =
  (issuer: string) =>
  async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (!CLIENT_AUTH_ENDPOINTS.has(ctx.path)) return;
    if (isRefusalOfAuthentication(ctx.body)) {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'client authentication failed' };
    }
    if (ctx.status === 401 && /^basic\b/i.test(ctx.get('Authorization')) && !ctx.response.get('WWW-Authenticate')) {
      ctx.set('WWW-Authenticate', `Basic realm="${issuer}", error="invalid_client", error_description="client authentication failed"`);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Pragma', 'no-cache');
  };
