import type { ProviderPages } from '../web/oidc-interactions.js';
import { localeFor } from './page-locale.js';
import { DevicePage } from './views/device-page.js';
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
  deviceCode: (req, { action, xsrf, userCode, problem }) => {
    const locale = localeFor(req);
    const { t } = locale;
    const said = problem === null ? null : problem === 'wrong' ? t('device.wrong') : problem === 'cancelled' ? t('device.cancelled') : t('problem.throttled', { seconds: problem.retryAfterSeconds });
    return DevicePage({ locale, action, xsrf, userCode, problem: said });
  },
  deviceDone: (req) => {
    const locale = localeFor(req);
    return MessagePage({ locale, title: locale.t('device.doneTitle'), body: locale.t('device.done') });
  },
};
