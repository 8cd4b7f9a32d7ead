import type { ProviderPages } from '../web/oidc-interactions.js';
import { localeFor } from './page-locale.js';
import { LogoutPage } from './views/logout-page.js';
import { MessagePage } from './views/message-page.js';

/** The pages the provider shows inside its own answers, in the reader's language. */
export const providerPages: ProviderPages = {
  logoutConfirmation: (req, { action, xsrf }) => LogoutPage({ locale: localeFor(req), action, xsrf }),
  /** An authorization that cannot go back to its client (an unknown client, a redirect URI not registered): naming the OAuth error code only. */
  providerError: (req, oauthError) => {
    const locale = localeFor(req);
    const { t } = locale;
    return MessagePage({ locale, title: t('error.title'), body: t('error.body'), detail: oauthError, link: { href: '/gatehouse/account', text: t('back.account') } });
  },
};
