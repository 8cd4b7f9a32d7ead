import type { Request } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { VNode } from 'preact';
import type { ProviderPages } from '../web/oidc-interactions.js';
import { sendPageToKoa } from '../web/page-sender.js';

/** A page answered from inside the provider (Koa): the one page sender's headers, the given form-action origins. */
export const sendProviderPage = (ctx: KoaContextWithOIDC, page: VNode, status: number, formActionOrigins: string[] = []): void => sendPageToKoa(ctx, page, status, formActionOrigins);

/** An authorization request that cannot go back to its client: the pages' error page, from inside the provider. */
export const renderProviderError =
  (pages: ProviderPages) =>
  async (ctx: KoaContextWithOIDC, out: { error: string }): Promise<void> => {
    sendProviderPage(ctx, pages.providerError(ctx.req as Request, out.error), ctx.status >= 400 ? ctx.status : 400);
  };
