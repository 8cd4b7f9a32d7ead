import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * Who may read an endpoint's answers from a script of another origin. Discovery and the JWKS are
 * public metadata: anyone, without credentials. Every other endpoint: no one, for now (the token,
 * userinfo and revocation endpoints are for servers; per-client allowed origins would be a third
 * answer, decided here with the client).
 */
export type CorsAnswer = 'anyone' | 'no-one';

const PUBLIC_METADATA = new Set(['/.well-known/openid-configuration', '/jwks']);

export const corsAnswerFor = (path: string): CorsAnswer => (PUBLIC_METADATA.has(path) ? 'anyone' : 'no-one');

const isCorsHeader = (name: string): boolean => name.toLowerCase().startsWith('access-control-');

/**
 * oidc-provider's own CORS step (shared/cors.js) echoes any Origin, on errors too, and stands aside
 * once an Access-Control-* header is set: so one is always set first, and for no-one every such
 * header is gone before the answer leaves.
 */
export const answerCors = async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
  const answer = corsAnswerFor(ctx.path);
  ctx.set('Access-Control-Allow-Origin', answer === 'anyone' ? '*' : 'null');
  try {
    await next();
  } finally {
    if (answer === 'no-one' && !ctx.headerSent) Object.keys(ctx.response.headers).filter(isCorsHeader).forEach((name) => ctx.remove(name));
  }
};
