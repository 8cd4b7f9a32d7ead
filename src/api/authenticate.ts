import type { RequestHandler, Response } from 'express';
import type { Principal } from '../core/domain/principal.js';
import { DomainError } from '../core/domain/errors.js';
import { assertSameOrigin } from '../web/session/csrf.js';
import type { AuthDeps } from '../web/session/auth-deps.js';

// Declared in the web, which the pages share; re-exported for the API's routes.
export type { AuthDeps };

export interface RouteAccess {
  /** Open to a session that the MFA policy holds to enrolment (docs/security.md): reading oneself and one's factors, enrolling one. */
  duringEnrolment?: boolean;
}

/** A session the MFA policy holds to enrolment may reach only the routes that say so. */
const admit = (principal: Principal, access: RouteAccess): void => {
  if (principal.enrolmentRequired && !access.duringEnrolment) throw new DomainError('mfa_enrolment_required');
};

/** CSRF check first (on the cookie's presence), then the credential, through the request's one lookup. */
const authenticate =
  ({ cookie, origins, sessions }: AuthDeps, sessionOnly: boolean, access: RouteAccess): RequestHandler =>
  async (req, res, next) => {
    assertSameOrigin(req, origins, cookie);
    const resolved = await sessions.credential(req, res);
    if (resolved.kind === 'none' || resolved.kind === 'bearer-malformed') throw new DomainError('not_authenticated');
    if (resolved.kind === 'invalid') throw resolved.error;
    res.locals.principal = resolved.principal; // set before any refusal, so its log line names the user
    // Cookie-only routes: a leaked token must never change the password or delete the account.
    if (resolved.kind === 'bearer') {
      if (sessionOnly) throw new DomainError('forbidden');
      return next();
    }
    admit(resolved.principal, access);
    next();
  };

/** A session cookie or an API token. */
export const signedIn = (deps: AuthDeps, access: RouteAccess = {}): RequestHandler => authenticate(deps, false, access);

/** A session cookie only: an API token is refused with 403 forbidden. */
export const signedInWithSession = (deps: AuthDeps, access: RouteAccess = {}): RequestHandler => authenticate(deps, true, access);

export const principalOf = (res: Response): Principal => {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('route reached without authentication');
  return principal;
};
