import type { Response } from 'express';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * The pages' Content-Security-Policy: our own scripts, styles and fetches only, no inline code, a
 * QR code as a data: image, forms posted to ourselves. During an OpenID authorization a form post
 * ends in a redirect to the client, which Chromium also checks against form-action: its origin is
 * added for those pages only.
 */
export const pagePolicy = (formActionOrigins: readonly string[] = []): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    ['form-action', "'self'", ...formActionOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

export interface PageOptions {
  status?: number;
  formActionOrigins?: readonly string[];
}

/**
 * Sends a page with the pages' headers. `same-origin` referrers, not `no-referrer`: with the latter
 * Chromium sends `Origin: null` on our own form posts, which the Origin rule refuses; an invite
 * link's code still never leaves the origin.
 */
export const sendPage = (res: Response, page: VNode, options: PageOptions = {}): void => {
  res.status(options.status ?? 200);
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': pagePolicy(options.formActionOrigins),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  });
  res.send(`<!doctype html>${renderToString(page)}`);
};

/** What a page needs of a Koa context (the provider's): the web never depends on Koa itself. */
export interface KoaPageContext {
  status: number;
  type: string;
  body: unknown;
  set(fields: Record<string, string>): void;
}

/** A page answered from inside the provider (Koa): the pages' headers, the given form-action origins. */
export const sendPageToKoa = (ctx: KoaPageContext, page: VNode, status: number, formActionOrigins: readonly string[] = []): void => {
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

/** A client's redirect URI as a form-action source: its origin, or nothing when it has none (a custom scheme, garbage). */
export const originOf = (uri: unknown): string[] => {
  if (typeof uri !== 'string') return [];
  try {
    const { origin } = new URL(uri);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
};

/** Post/Redirect/Get: 303, so the browser follows with a GET and a reload never posts twice. */
export const seeOther = (res: Response, location: string): void => {
  res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' });
  res.redirect(303, location);
};

/** A throttled form says when to try again in its text and in Retry-After (whole seconds, at least 1). */
export const retryAfter = (res: Response, failure: { retryAfterSeconds: number | null }): void => {
  if (failure.retryAfterSeconds !== null) res.set('Retry-After', String(Math.max(1, Math.ceil(failure.retryAfterSeconds))));
};
