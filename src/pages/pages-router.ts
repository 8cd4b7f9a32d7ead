import { Router } from 'express';
import { accountConfirmations } from './routes/account-confirmations.js';
import { accountPages, type AccountPagesOptions } from './routes/account-pages.js';
import { adminPages } from './routes/admin-pages.js';
import { assetRoutes } from './routes/asset-routes.js';
import { confirmPages } from './routes/confirm-pages.js';
import { signInPages } from './routes/sign-in-pages.js';
import { pageErrors } from './page-errors.js';
import type { PagesDeps } from './pages-deps.js';
import { localeFor } from './page-locale.js';
import { sendPage } from '../web/page-sender.js';
import { MessagePage } from './views/message-page.js';

/**
 * The browser face (docs/pages.md): the third driving adapter, over the same use cases as the
 * JSON API and the CLI. Mounted at /gatehouse; its errors are pages, never problem+json.
 */
export const pagesRouter = (deps: PagesDeps, options: AccountPagesOptions = {}): Router => {
  const router = Router();
  router.use(assetRoutes());
  router.use(signInPages(deps));
  // Confirming carries a kept form out through these same routes.
  router.use(confirmPages(deps, (req, res, next) => router(req, res, next)));
  router.use(accountConfirmations(deps));
  router.use(accountPages(deps, options));
  router.use(adminPages(deps));
  router.use((req, res) => {
    const { t } = localeFor(req);
    sendPage(res, MessagePage({ locale: localeFor(req), title: t('notFound.title'), body: t('notFound.body'), link: { href: '/gatehouse/account', text: t('back.account') } }), { status: 404 });
  });
  router.use(pageErrors(deps));
  return router;
};
