import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Principal } from '../../core/domain/principal.js';
import { InteractionsUnavailable, type OidcInteractions } from '../../web/oidc-interactions.js';
import { INTERACTION_PATH, OIDC_PATH } from '../../web/paths.js';
import { seeOther, sendPage } from '../../web/page-sender.js';
import { requireOwnOrigin } from '../../web/session/csrf.js';
import { signOut } from '../../web/session/sign-in-finish.js';
import { formBody } from '../form-body.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { hasValidSession } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { ConsentPage } from '../views/consent-page.js';
import { MessagePage } from '../views/message-page.js';
import { answerAccessRefusal } from './access-refusal-pages.js';

export type InteractionPagesDeps = Pick<PagesDeps, 'useCases' | 'auth'> & { interactions: OidcInteractions };

const signInFor = (uid: string, forced: boolean): string =>
  `/gatehouse/sign-in?return_to=${encodeURIComponent(`${INTERACTION_PATH}/${uid}`)}${forced ? '&prompt=login' : ''}`;

/** An interaction that is unknown or expired (no cookie, made up, too old): a page, not a 500. */
const expired = (req: Request, res: Response): void => {
  const locale = localeFor(req);
  const { t } = locale;
  sendPage(res, MessagePage({ locale, title: t('error.title'), body: t('error.body'), link: { href: '/gatehouse/account', text: t('back.account') } }), { status: 400 });
};

/** The provider cannot be made yet (its signing keys unreadable): the answer its own routes give meanwhile. */
const whileAvailable =
  (handler: RequestHandler): RequestHandler =>
  async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      if (!(error instanceof InteractionsUnavailable)) throw error;
      res.status(503).json({ error: 'temporarily_unavailable', error_description: 'the OpenID provider is starting' });
    }
  };

/**
 * The pages of an OpenID authorization, mounted at /gatehouse/oidc before the provider: the
 * sign-in detour, consent, and the logout confirmation's form. They meet the provider only through
 * OidcInteractions. Refusals stay problem+json, as the provider's routes answer.
 */
export const interactionPages = (deps: InteractionPagesDeps): Router => {
  const { auth, interactions } = deps;
  const router = Router();
  // Every form here acts for the browser's session: the pages' Origin rule, plus no foreign Origin even without the cookie.
  const sameSite = requireOwnOrigin(auth.origins, auth.cookie);

  router.get(
    '/interaction/:uid',
    whileAvailable(async (req, res) => {
      const interaction = await interactions.read(req, res);
      if (!interaction) return expired(req, res);
      const current = await auth.sessions.browserSignIn(req, res);
      // A session the MFA policy holds to enrolment signs in nowhere else yet: to the account page
      // to add a factor (the sign-in page would send a valid session straight back here).
      if (!current && (await hasValidSession(deps, req))) return seeOther(res, '/gatehouse/account');
      const { uid } = interaction;
      if (interaction.prompt === 'login') {
        if (!current || interaction.mustSignInAgain(current)) {
          await interactions.askSignIn(req, res, current);
          return seeOther(res, signInFor(uid, current !== null));
        }
        return interactions.acceptLogin(req, res, current);
      }
      if (interaction.prompt === 'access') {
        if (!current) return seeOther(res, signInFor(uid, false));
        // Another person signed in at this browser since: the provider judges them instead.
        if (current.signIn.userId !== interaction.accountId) return interactions.acceptLogin(req, res, current);
        return answerAccessRefusal(interactions, req, res, interaction, current);
      }
      if (!current || current.signIn.userId !== interaction.accountId) return seeOther(res, signInFor(uid, false));
      if (!interaction.client) return expired(req, res);
      if (interaction.client.skipsConsent) return consent(req, res, current.principal);
      res.locals.principal = current.principal;
      sendPage(
        res,
        ConsentPage({ locale: localeFor(req), viewer: viewerOf(res), clientName: interaction.client.name, scopes: [...interaction.scopes], action: `${INTERACTION_PATH}/${uid}` }),
        { formActionOrigins: interaction.formActionOrigins },
      );
    }),
  );

  const consent = async (req: Request, res: Response, principal: Principal): Promise<void> => {
    if ((await interactions.acceptConsent(req, res, principal)) === 'sign-in') seeOther(res, signInFor(String(req.params.uid), false));
  };

  router.post(
    '/interaction/:uid/allow',
    sameSite,
    whileAvailable(async (req, res) => {
      if (!(await interactions.read(req, res))) return expired(req, res);
      const current = await auth.sessions.browserSignIn(req, res);
      if (!current) return seeOther(res, signInFor(String(req.params.uid), false));
      await consent(req, res, current.principal);
    }),
  );

  router.post(
    '/interaction/:uid/deny',
    sameSite,
    whileAvailable(async (req, res) => {
      if (!(await interactions.read(req, res))) return expired(req, res);
      await interactions.deny(req, res);
    }),
  );

  // The logout page's form: the Gatehouse session ends, then the provider's own confirmation (307 keeps the POST).
  router.post('/logout/confirm', sameSite, formBody, async (req, res) => {
    await signOut(auth, req, res, auth.cookie.read(req));
    res.set('Cache-Control', 'no-store');
    res.redirect(307, `${OIDC_PATH}/session/end/confirm`);
  });
  return router;
};
