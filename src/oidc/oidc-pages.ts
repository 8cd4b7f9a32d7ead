import type { Request } from 'express';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { localeFor } from '../pages/page-locale.js';
import { sendPageToKoa } from '../web/page-sender.js';
import { MessagePage } from '../pages/views/message-page.js';

/**
 * An authorization request that cannot go back to its client (an unknown client, a redirect URI
 * not registered): a page that says so, in the reader's language, naming the OAuth error code only.
 */
export const renderProviderError = async (ctx: KoaContextWithOIDC, out: { error: string }): Promise<void> => {
  const locale = localeFor(ctx.req as Request);
  const { t } = locale;
  sendPageToKoa(ctx, MessagePage({ locale, title: t('error.title'), body: t('error.body'), detail: out.error, link: { href: '/gatehouse/account', text: t('back.account') } }), ctx.status >= 400 ? ctx.status : 400);
};
