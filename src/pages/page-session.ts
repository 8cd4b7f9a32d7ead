import type { Request, RequestHandler, Response } from 'express';
import { DomainError, isDomainError } from '../core/domain/errors.js';
import type { Principal } from '../core/domain/principal.js';
import { assertSameOrigin } from '../web/session/csrf.js';
import { requestContext } from '../web/request-context.js';
import { seeOther } from '../web/page-sender.js';
import type { PagesDeps } from './pages-deps.js';
import { signInPageFor } from './return-to.js';

export interface PageAccess {
  /** Open to a session the MFA policy holds to enrolment (the account page's second-factor part, sign-out). */
  duringEnrolment?: boolean;
  /** Where to come back to after signing in, for a POST (a GET comes back to itself). */
  page?: string;
}

/** The page a signed-out browser returns to after signing in. */
const comeBackTo = (req: Request, access: PageAccess): string => (req.method === 'GET' ? req.originalUrl : (access.page ?? '/gatehouse/account'));

/**
 * The session cookie, as the API checks it (pages take no bearer token: a browser has none). A POST
 * with the cookie must come from our origin, checked before the lookup. Without a valid session,
 * to the sign-in page and back; an expired cookie is cleared on the way.
 */
export const signedInPage =
  ({ useCases, auth }: PagesDeps, access: PageAccess = {}): RequestHandler =>
  async (req, res, next) => {
    assertSameOrigin(req, auth.origins, auth.cookie);
    const token = auth.cookie.read(req);
    if (token === null) return seeOther(res, signInPageFor(comeBackTo(req, access)));
    try {
      const { principal, session, renewed } = await useCases.authenticateSession(token, { ...requestContext(req), deviceToken: auth.device.read(req) });
      if (renewed) auth.cookie.set(res, session);
      res.locals.principal = principal;
      if (principal.enrolmentRequired && !access.duringEnrolment) throw new DomainError('mfa_enrolment_required');
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'not_authenticated') throw error;
      auth.cookie.expire(res);
      return seeOther(res, signInPageFor(comeBackTo(req, access)));
    }
    next();
  };

export const pagePrincipal = (res: Response): Principal => {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('page reached without a session');
  return principal;
};

/** Whether the request's session cookie is valid right now (the sign-in page and `/` skip ahead then). */
export const hasValidSession = async ({ useCases, auth }: Pick<PagesDeps, 'useCases' | 'auth'>, req: Request): Promise<boolean> => {
  const token = auth.cookie.read(req);
  if (token === null) return false;
  try {
    await useCases.authenticateSession(token, { ...requestContext(req), deviceToken: auth.device.read(req) });
    return true;
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_authenticated') return false;
    throw error;
  }
};
