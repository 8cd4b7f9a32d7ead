import type { RequestHandler } from 'express';
import { seeOther } from '../../web/page-sender.js';
import { hasValidSession } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';

/** `GET /`: the account page for a valid session, else the sign-in page. */
export const rootRedirect =
  (deps: Pick<PagesDeps, 'useCases' | 'auth'>): RequestHandler =>
  async (req, res) => {
    seeOther(res, (await hasValidSession(deps, req)) ? '/gatehouse/account' : '/gatehouse/sign-in');
  };
