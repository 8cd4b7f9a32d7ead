import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isRecentlyAuthenticated } from '../../core/domain/recent-authentication.js';
import { requireSession } from '../../core/domain/principal.js';
import { fieldsOf, formBody } from '../form-body.js';
import { formFailure } from '../form-failure.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { seeOther, sendPage, retryAfter } from '../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { carryOut, pendingNote, pendingSentence, shownAgain } from '../pending-forms.js';
import { landingOf, safeReturnTo } from '../return-to.js';
import { ConfirmPage } from '../views/confirm-page.js';
import { EMPTY_FORM, type FormState } from '../views/form-parts.js';
import { codeProof } from './sign-in-pages.js';

/**
 * Recent authentication (step-up) as a page: the password, or for a user with a second factor a
 * code or a passkey, then back where the proof was asked for. A proof still fresh goes on at once.
 */
export const confirmPages = (deps: PagesDeps, pages: RequestHandler): Router => {
  const { useCases, auth, config, flash } = deps;
  const router = Router();
  // Open during enrolment: a user the MFA policy holds may need to confirm to set up a factor.
  const session = signedInPage(deps, { duringEnrolment: true, page: '/gatehouse/confirm' });

  const show = async (req: Request, res: Response, state: FormState, status = 200) => {
    const principal = pagePrincipal(res);
    const { totp, passkeys } = await useCases.getMfa(principal);
    const returnTo = safeReturnTo(req.query.return_to, config.publicOrigin);
    const locale = localeFor(req);
    const kept = await useCases.findPendingAction(principal);
    const [pending, note] = [pendingSentence(kept, locale.t), pendingNote(kept, locale.t)];
    // Back to an OpenID authorization (a client's require_mfa), the redirects after the form end at the client.
    sendPage(res, ConfirmPage({ locale, state, returnTo, pending, note, withSecondFactor: totp || passkeys.length > 0, viewer: viewerOf(res) }), {
      status,
      formActionOrigins: await deps.formActionOriginsFor(req, returnTo),
    });
  };

  const isFresh = async (res: Response): Promise<boolean> => {
    const principal = pagePrincipal(res);
    const { totp, passkeys } = await useCases.getMfa(principal);
    return isRecentlyAuthenticated(requireSession(principal), totp || passkeys.length > 0, new Date());
  };

  /**
   * After a proof: the form that sent the browser here goes on now, once (§15 rule 9); one with a
   * password is shown again instead. `renewed` is the session's new secret when this very request
   * proved it (its cookie still carries the old one).
   */
  const goOn = async (req: Request, res: Response, next: NextFunction, renewed?: string): Promise<void> => {
    const principal = pagePrincipal(res);
    const pending = await useCases.takePendingAction(principal);
    if (!pending) return seeOther(res, landingOf(req.query.return_to, config.publicOrigin));
    const again = shownAgain(pending);
    if (again) {
      flash.set(res, principal.userId, again.flash);
      return seeOther(res, again.landing);
    }
    if (renewed !== undefined) auth.sessions.adopt(req, renewed);
    carryOut(pages, pending, req, res, next);
  };

  router.get('/confirm', session, async (req, res) => {
    if (await isFresh(res)) return seeOther(res, landingOf(req.query.return_to, config.publicOrigin));
    await show(req, res, EMPTY_FORM);
  });

  router.post('/confirm', session, formBody, async (req, res, next) => {
    const entered = fieldsOf(req.body);
    // The passkey button proved it through the JSON API (the session is renewed already); this
    // post, from our own page (the Origin rule), only goes on, and only with that proof fresh.
    if (entered.proof === 'passkey') {
      if (await isFresh(res)) return goOn(req, res, next);
      return seeOther(res, req.originalUrl);
    }
    const proof = entered.password !== undefined ? { password: entered.password } : codeProof(entered.code);
    try {
      const grant = await useCases.stepUp(pagePrincipal(res), proof);
      auth.cookie.set(res, grant);
      await goOn(req, res, next, grant.token);
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
