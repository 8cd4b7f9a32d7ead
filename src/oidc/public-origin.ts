import type { Request } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * oidc-provider builds every absolute URL it writes (discovery's endpoints, redirects to the
 * interaction) from the request's scheme and host, and marks its cookies Secure by the scheme. Koa
 * reads those from the socket, Host and, behind a trusted proxy, X-Forwarded-Host and -Proto: a
 * TLS proxy under the default SERVICE_TRUST_PROXY=0 made them http, and any client could name the
 * host. Here they are SERVICE_PUBLIC_URL's, whatever the request says; the client's address is the
 * one Express's trust proxy setting believes.
 */
export const publicOriginOnly = (publicOrigin: string) => {
  const { host, protocol } = new URL(publicOrigin);
  const pinned = { host: { value: host }, protocol: { value: protocol.slice(0, -1) } };
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    Object.defineProperties(ctx.request, pinned);
    const { ip } = ctx.req as Request;
    if (ip) ctx.request.ip = ip;
    await next();
  };
};
