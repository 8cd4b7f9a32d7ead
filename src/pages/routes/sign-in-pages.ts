import { Router, type Request, type Response } from 'express';
import { isDomainError } from '../../core/domain/errors.js';
import type { LoginResult, SignedIn } from '../../core/use-cases/views.js';
import { signInContextOf } from '../../web/session/credentials.js';
import { rejectForeignOrigin, requireOwnOrigin } from '../../web/session/csrf.js';
import { finishSignIn, signOut } from '../../web/session/sign-in-finish.js';
import { fieldsOf, formBody, type FormFields } from '../form-body.js';
import { formFailure, type Placement } from '../form-failure.js';
import type { ErrorCode } from '../../core/domain/errors.js';
import { localeFor } from '../page-locale.js';
import { seeOther, sendPage, retryAfter } from '../../web/page-sender.js';
import { REGISTER_PATH } from '../invite-cookie.js';
import type { Principal } from '../../core/domain/principal.js';
import type { PagesDeps } from '../pages-deps.js';
import { landingOf, safeReturnTo } from '../return-to.js';
import { EMPTY_FORM, type FormState } from '../views/form-parts.js';
import { RecoverPage } from '../views/recover-page.js';
import { RegisterPage } from '../views/register-page.js';
import { SecondFactorPage } from '../views/second-factor-page.js';
import { SignInPage } from '../views/sign-in-page.js';
import { MessagePage } from '../views/message-page.js';
import { SECOND_FACTOR_SET_UP } from './access-refusal-pages.js';

/** A TOTP code is six digits (spaces allowed, as apps show them); anything else is a recovery code. */
export const codeProof = (typed: string | undefined): { code: string } | { recovery_code: string } => {
  const text = (typed ?? '').trim();
  const digits = text.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? { code: digits } : { recovery_code: text };
};

/**
 * Sign-in, its second step and sign-out. The use cases are the API's: the same throttles, the
 * same one message for an unknown email and a wrong password, the same events. A refused form
 * answers with the API's status and the form again; a success is a 303 (Post/Redirect/Get).
 */
export const signInPages = (deps: PagesDeps): Router => {
  const { useCases, auth, pending, invite, config } = deps;
  const router = Router();
  const sameSite = rejectForeignOrigin(auth.origins);
  const returnToOf = (req: Request): string | null => safeReturnTo(req.query.return_to, config.publicOrigin);
  const forcedOf = (req: Request): boolean => req.query.prompt === 'login';

  const showSignIn = async (req: Request, res: Response, state: FormState, status = 200) => {
    const returnTo = returnToOf(req);
    sendPage(res, SignInPage({ locale: localeFor(req), state, returnTo, forced: forcedOf(req) }), { status, formActionOrigins: await deps.formActionOriginsFor(req, returnTo) });
  };
  const showSecondFactor = async (req: Request, res: Response, state: FormState, status = 200) => {
    const returnTo = returnToOf(req);
    sendPage(res, SecondFactorPage({ locale: localeFor(req), state, returnTo }), { status, formActionOrigins: await deps.formActionOriginsFor(req, returnTo) });
  };
  const refused = async (req: Request, res: Response, error: unknown, entered: FormFields, show: typeof showSignIn, secrets: string[], placements?: Partial<Record<ErrorCode, Placement>>) => {
    const failure = formFailure(error, localeFor(req), entered, { secrets, placements });
    if (!failure) throw error;
    retryAfter(res, failure);
    await show(req, res, failure.state, failure.status);
  };
  const signedIn = (req: Request, res: Response, result: SignedIn) => {
    finishSignIn(auth, req, res, result, pending);
    seeOther(res, landingOf(returnToOf(req), config.publicOrigin));
  };
  /** A login or a recovery: signed in, or on to the second step with only the pending cookie. */
  const answerLogin = (req: Request, res: Response, result: LoginResult) => {
    if (result.kind === 'signed_in') return signedIn(req, res, result);
    pending.set(res, result.pending.token);
    const returnTo = returnToOf(req);
    seeOther(res, `/gatehouse/sign-in/second-factor${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`);
  };

  // return_to is a path on the public origin, so the forward-auth rule that guards it is one of the
  // public host (the one-origin layout); a rule of another host is never reached through this page.
  const publicHost = new URL(config.publicOrigin).host;
  /**
   * Signed in already: straight on, unless return_to's forward-auth rule needs a second factor the
   * session has not proved — verify would answer 401 and the proxy send the browser back here, a
   * loop. Then the confirm page (which goes on to return_to), or the page with the set-up link.
   */
  const goOnSignedIn = async (req: Request, res: Response, principal: Principal) => {
    const returnTo = returnToOf(req);
    if (returnTo !== null) {
      const { decision } = await useCases.decideForwardAuth(principal, { host: publicHost, uri: returnTo }, { quiet: true });
      if (decision === 'second_factor_needed') return seeOther(res, `/gatehouse/confirm?return_to=${encodeURIComponent(returnTo)}`);
      if (decision === 'second_factor_setup_needed') {
        const { t } = localeFor(req);
        return sendPage(res, MessagePage({ locale: localeFor(req), title: t('access.mfaTitle'), body: t('access.mfaBodyApplication'), link: { href: SECOND_FACTOR_SET_UP, text: t('access.mfaSetUp') } }), { status: 403 });
      }
    }
    seeOther(res, landingOf(returnTo, config.publicOrigin));
  };

  router.get('/sign-in', async (req, res) => {
    // A fresh sign-in asked for (OpenID prompt=login) shows the form even to a signed-in browser.
    const resolved = forcedOf(req) ? null : await auth.sessions.session(req);
    if (resolved?.kind === 'session') return goOnSignedIn(req, res, resolved.principal);
    await showSignIn(req, res, EMPTY_FORM);
  });

  router.post('/sign-in', sameSite, formBody, async (req, res) => {
    const entered = fieldsOf(req.body);
    try {
      answerLogin(req, res, await useCases.login({ email: entered.email ?? '', password: entered.password ?? '' }, signInContextOf(req, auth)));
    } catch (error) {
      await refused(req, res, error, entered, showSignIn, ['password']);
    }
  });

  router.get('/sign-in/second-factor', async (req, res) => {
    if (pending.read(req) === null) return seeOther(res, '/gatehouse/sign-in');
    await showSecondFactor(req, res, EMPTY_FORM);
  });

  router.post('/sign-in/second-factor', sameSite, formBody, async (req, res) => {
    const entered = fieldsOf(req.body);
    try {
      signedIn(req, res, await useCases.completeLoginWithCode(pending.read(req), codeProof(entered.code), signInContextOf(req, auth)));
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_authenticated') {
        // The pending login is gone (expired, used up): start again, saying why.
        pending.expire(res);
        const locale = localeFor(req);
        return showSignIn(req, res, { ...EMPTY_FORM, general: [locale.t('problem.pendingExpired')] }, 401);
      }
      await refused(req, res, error, entered, showSecondFactor, ['code'], { invalid_credentials: { field: 'code', message: 'problem.codeWrong' } });
    }
  });

  router.get('/recover', (req, res) => {
    sendPage(res, RecoverPageOf(req, EMPTY_FORM));
  });

  router.post('/recover', sameSite, formBody, async (req, res) => {
    const entered = fieldsOf(req.body);
    try {
      const input = { email: entered.email ?? '', code: entered.code ?? '', new_password: entered.new_password ?? '' };
      answerLogin(req, res, await useCases.recoverAccount(input, signInContextOf(req, auth)));
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered, { secrets: ['code', 'new_password'] });
      if (!failure) throw error;
      retryAfter(res, failure);
      sendPage(res, RecoverPageOf(req, failure.state), { status: failure.status });
    }
  });

  router.get('/register', async (req, res) => {
    // The link's code leaves the address bar, the history and any Referer at once: it waits in a
    // sealed cookie for this page only, which fills the form (the field shows it, to be checked).
    if (req.query.invite !== undefined) {
      if (typeof req.query.invite === 'string' && req.query.invite !== '') invite.set(res, req.query.invite.slice(0, 200));
      return seeOther(res, REGISTER_PATH);
    }
    // A dead link is said at once, before anyone fills the form in (§15 rule 12); its code is not offered again.
    const code = invite.read(req);
    const state = code === null ? 'open' : await useCases.describeInvite(code);
    const locale = localeFor(req);
    if (state !== 'open') {
      invite.expire(res);
      return sendPage(res, RegisterPage({ locale, state: { ...EMPTY_FORM, general: [locale.t(`invite.${state}`)] } }));
    }
    sendPage(res, RegisterPage({ locale, state: { ...EMPTY_FORM, values: { invite_code: code ?? '' } } }));
  });

  router.post('/register', sameSite, formBody, async (req, res) => {
    const entered = fieldsOf(req.body);
    try {
      const input = { invite_code: entered.invite_code ?? '', email: entered.email ?? '', display_name: entered.display_name ?? '', password: entered.password ?? '' };
      const { session } = await useCases.registerWithInvite(input, signInContextOf(req, auth));
      finishSignIn(auth, req, res, { session });
      invite.expire(res);
      seeOther(res, '/gatehouse/account');
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered, { secrets: ['password'] });
      if (!failure) throw error;
      retryAfter(res, failure);
      sendPage(res, RegisterPage({ locale: localeFor(req), state: failure.state }), { status: failure.status });
    }
  });

  // Like the API's logout: only from our own pages, cookie or not; then to the sign-in page.
  router.post('/sign-out', requireOwnOrigin(auth.origins, auth.cookie), async (req, res) => {
    await signOut(auth, req, res, auth.cookie.read(req));
    seeOther(res, '/gatehouse/sign-in');
  });

  return router;
};

const RecoverPageOf = (req: Request, state: FormState) => RecoverPage({ locale: localeFor(req), state });
