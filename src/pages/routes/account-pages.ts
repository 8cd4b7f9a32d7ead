import { Router } from 'express';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { seeOther } from '../../web/page-sender.js';
import { accountRenderers, type AccountPagesOptions } from './account/account-renderers.js';
import { listRoutes } from './account/list-routes.js';
import { profileRoutes } from './account/profile-routes.js';
import { securityRoutes } from './account/security-routes.js';

export type { AccountPagesOptions } from './account/account-renderers.js';

const ACCOUNT = '/gatehouse/account';

/**
 * The account: an overview at /gatehouse/account and a page per section under it (docs/pages.md).
 * Each form posts to a path of its own and ends in a 303 to the section it changed; what must be
 * shown once (a token, recovery codes) rides the flash cookie across that redirect. A user the MFA
 * policy holds to enrolment is sent to the Security page and reaches only the second factor there.
 */
export const accountPages = (deps: PagesDeps, options: AccountPagesOptions = {}): Router => {
  const router = Router();
  const access = { page: signedInPage(deps, { page: ACCOUNT }), enrolment: signedInPage(deps, { page: ACCOUNT, duringEnrolment: true }) };
  const renders = accountRenderers(deps, options);

  router.get('/account', access.enrolment, async (req, res) => {
    if (pagePrincipal(res).enrolmentRequired === true) return seeOther(res, `${ACCOUNT}/security#second-factor`);
    await renders[''](req, res);
  });
  profileRoutes(router, deps, renders.profile, access);
  securityRoutes(router, deps, renders.security, access);
  listRoutes(router, deps, renders, access);
  return router;
};
