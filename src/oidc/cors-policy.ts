import type { KoaContextWithOIDC } from 'oidc-provider';
import type { OidcClientLookup } from '../core/ports/oidc-store.js';
import { ALLOWED_ORIGINS } from './client-metadata.js';

/**
 * Who may read an endpoint's answers from a script of another origin. Discovery and the JWKS are
 * public metadata: anyone, without credentials. The token, userinfo and revocation endpoints: a
 * single-page application's own origins, as its client registered them (allowed_origins), and no
 * other. Every other endpoint: no one.
 */
export type CorsAnswer = 'anyone' | 'client-origins' | 'no-one';

const PUBLIC_METADATA = new Set(['/.well-known/openid-configuration', '/jwks']);
const CLIENT_ENDPOINTS = new Set(['/token', '/me', '/token/revocation']);

export const corsAnswerFor = (path: string): CorsAnswer => (PUBLIC_METADATA.has(path) ? 'anyone' : CLIENT_ENDPOINTS.has(path) ? 'client-origins' : 'no-one');

const isCorsHeader = (name: string): boolean => name.toLowerCase().startsWith('access-control-');

/** The client the provider settled on (authenticated at token and revocation, the token's at userinfo) lists the origin exactly. */
const clientAllows = (ctx: KoaContextWithOIDC, origin: string): boolean => {
  const listed = ctx.oidc?.client?.metadata()[ALLOWED_ORIGINS];
  return Array.isArray(listed) && listed.includes(origin);
};

const allowOrigin = (ctx: KoaContextWithOIDC, origin: string): void => {
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
};

/**
 * oidc-provider's own CORS step (shared/cors.js) echoes any Origin, on errors too, and stands aside
 * once an Access-Control-* header is set: so one is always set first, and unless the answer's
 * client lists the request's Origin every such header is gone before the answer leaves. A preflight
 * names no client: it is allowed for an origin some single-page application lists, and the answer
 * that follows is still judged by its own client.
 */
export const answerCors =
  (clients: Pick<OidcClientLookup, 'originAllowed'>) =>
  async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    const answer = corsAnswerFor(ctx.path);
    const origin = ctx.get('Origin');
    if (answer === 'client-origins') ctx.vary('Origin');
    if (answer === 'client-origins' && ctx.method === 'OPTIONS' && origin && ctx.get('Access-Control-Request-Method') && (await clients.originAllowed(origin))) {
      allowOrigin(ctx, origin);
      ctx.set('Access-Control-Allow-Methods', 'GET, POST');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Allow-Origin', answer === 'anyone' ? '*' : 'null');
    try {
      await next();
    } finally {
      if (answer !== 'anyone' && !ctx.headerSent) {
        Object.keys(ctx.response.headers).filter(isCorsHeader).forEach((name) => ctx.remove(name));
        if (answer === 'client-origins' && origin && clientAllows(ctx, origin)) allowOrigin(ctx, origin);
      }
    }
  };
