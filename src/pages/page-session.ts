import type { Request, RequestHandler, Response } from 'express';
import { DomainError } from '../core/domain/errors.js';
import type { Principal } from '../core/domain/principal.js';
import { assertSameOrigin } from '../web/session/csrf.js';
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
  ({ auth }: PagesDeps, access: PageAccess = {}): RequestHandler =>
  async (req, res, next) => {
    assertSameOrigin(req, auth.origins, auth.cookie);
    const resolved = await auth.sessions.session(req, res);
    if (resolved.kind !== 'session') {
      if (resolved.kind === 'invalid') auth.cookie.expire(res);
      return seeOther(res, signInPageFor(comeBackTo(req, access)));
    }
    res.locals.principal = resolved.principal;
    if (resolved.principal.enrolmentRequired && !access.duringEnrolment) throw new DomainError('mfa_enrolment_required');
    next();
  };

export const pagePrincipal = (res: Response): Principal => {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('page reached without a session');
  return principal;
};

/**
 * Whether the request's session cookie is valid right now (the sign-in page and `/` skip ahead then).
 * It sends no renewed cookie, as it never did: the request's later lookups are the memo's.
 */
export const hasValidSession = async ({ auth }: Pick<PagesDeps, 'auth'>, req: Request): Promise<boolean> => (await auth.sessions.session(req)).kind === 'session';
