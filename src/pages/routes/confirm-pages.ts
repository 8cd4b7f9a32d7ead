import { Router, type Request, type RequestHandler, type Response } from 'express';
import { isRecentlyAuthenticated } from '../../core/domain/recent-authentication.js';
import { requireSession } from '../../core/domain/principal.js';
import { fieldsOf, formBody } from '../form-body.js';
import { formFailure } from '../form-failure.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { seeOther, sendPage, retryAfter } from '../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { carryOut, pendingSentence } from '../pending-forms.js';
import { landingOf, safeReturnTo } from '../return-to.js';
import { ConfirmPage } from '../views/confirm-page.js';
import { EMPTY_FORM, type FormState } from '../views/form-parts.js';
import { codeProof } from './sign-in-pages.js';

/**
 * Recent authentication (step-up) as a page: the password, or for a user with a second factor a
 * code or a passkey, then back where the proof was asked for. A proof still fresh goes on at once.
 */
export const confirmPages = (deps: PagesDeps, pages: RequestHandler): Router => {
  const { useCases, auth, config } = deps;
  const router = Router();
  // Open during enrolment: a user the MFA policy holds may need to confirm to set up a factor.
  const session = signedInPage(deps, { duringEnrolment: true, page: '/gatehouse/confirm' });

  const show = async (req: Request, res: Response, state: FormState, status = 200) => {
    const principal = pagePrincipal(res);
    const { totp, passkeys } = await useCases.getMfa(principal);
    const returnTo = safeReturnTo(req.query.return_to, config.publicOrigin);
    const locale = localeFor(req);
    const pending = pendingSentence(await useCases.findPendingAction(principal), locale.t);
    // Back to an OpenID authorization (a client's require_mfa), the redirects after the form end at the client.
    sendPage(res, ConfirmPage({ locale, state, returnTo, pending, withSecondFactor: totp || passkeys.length > 0, viewer: viewerOf(res) }), {
      status,
      formActionOrigins: await deps.formActionOriginsFor(req, returnTo),
    });
  };

  router.get('/confirm', session, async (req, res) => {
    const principal = pagePrincipal(res);
    const { totp, passkeys } = await useCases.getMfa(principal);
    if (isRecentlyAuthenticated(requireSession(principal), totp || passkeys.length > 0, new Date())) {
      return seeOther(res, landingOf(req.query.return_to, config.publicOrigin));
    }
    await show(req, res, EMPTY_FORM);
  });

  router.post('/confirm', session, formBody, async (req, res, next) => {
    const entered = fieldsOf(req.body);
    const proof = entered.password !== undefined ? { password: entered.password } : codeProof(entered.code);
    try {
      const grant = await useCases.stepUp(pagePrincipal(res), proof);
      auth.cookie.set(res, grant);
      // The form that sent the browser here goes on now, as the renewed session (§15 rule 9).
      const pending = await useCases.takePendingAction(pagePrincipal(res));
      if (pending) {
        auth.sessions.adopt(req, grant.token);
        return carryOut(pages, pending, req, res, next);
      }
      seeOther(res, landingOf(req.query.return_to, config.publicOrigin));
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered, {
        secrets: ['password', 'code'],
        placements: { invalid_credentials: entered.password !== undefined ? { field: 'password', message: 'problem.passwordWrong' } : { field: 'code', message: 'problem.codeWrong' } },
      });
      if (!failure) throw error;
      retryAfter(res, failure);
      await show(req, res, failure.state, failure.status);
    }
  });

  return router;
};
