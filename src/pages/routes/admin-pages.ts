import { Router } from 'express';
import type { PagesDeps } from '../pages-deps.js';
import { adminApplicationPages } from './admin/admin-application-pages.js';
import { adminEventPages } from './admin/admin-event-pages.js';
import { adminGroupPages } from './admin/admin-group-pages.js';
import { adminInvitePages } from './admin/admin-invite-pages.js';
import { adminUserPages } from './admin/admin-user-pages.js';

/**
 * The admin console, a page per section reached from one menu: users (and each user's page),
 * invites, groups, applications (OpenID clients and forward-auth rules), events. The use cases
 * decide who is an admin (a member gets the 403 page) and which changes need a recent proof.
 */
export const adminPages = (deps: PagesDeps): Router => {
  const router = Router();
  router.use(adminUserPages(deps));
  router.use(adminInvitePages(deps));
  router.use(adminGroupPages(deps));
  router.use(adminApplicationPages(deps));
  router.use(adminEventPages(deps));
  return router;
};
