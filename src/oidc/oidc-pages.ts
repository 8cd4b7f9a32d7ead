import type { Request } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { localeFor } from '../pages/page-locale.js';
import { pagePolicy } from '../web/page-sender.js';
import { MessagePage } from '../pages/views/message-page.js';

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

/**
 * An authorization request that cannot go back to its client (an unknown client, a redirect URI
 * not registered): a page that says so, in the reader's language, naming the OAuth error code only.
 */
export const renderProviderError = async (ctx: KoaContextWithOIDC, out: { error: string }): Promise<void> => {
  const locale = localeFor(ctx.req as Request);
  const { t } = locale;
  sendProviderPage(ctx, MessagePage({ locale, title: t('error.title'), body: t('error.body'), detail: out.error, link: { href: '/gatehouse/account', text: t('back.account') } }), ctx.status >= 400 ? ctx.status : 400);
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
