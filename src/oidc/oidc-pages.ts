import type { Request } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import type { ProviderPages } from '../web/oidc-interactions.js';
import { pagePolicy } from '../web/page-sender.js';

/** A page answered from inside the provider (Koa): the pages' headers, the given form-action origins. */
export const sendProviderPage = (ctx: KoaContextWithOIDC, page: VNode, status: number, formActionOrigins: string[] = []): void => {
  ctx.status = status;
  ctx.set({
    'Content-Security-Policy': pagePolicy(formActionOrigins),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  });
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>${renderToString(page)}`;
};

export const originOf = (uri: unknown): string[] => {
  if (typeof uri !== 'string') return [];
  try {
    const { origin } = new URL(uri);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
};

/** An authorization request that cannot go back to its client: the pages' error page, from inside the provider. */
export const renderProviderError =
  (pages: ProviderPages) =>
  async (ctx: KoaContextWithOIDC, out: { error: string }): Promise<void> => {
    sendProviderPage(ctx, pages.providerError(ctx.req as Request, out.error), ctx.status >= 400 ? ctx.status : 400);
  };
