import { Router, type Request, type Response } from 'express';
import { EMPTY_FORM } from '../views/form-parts.js';
import { fieldsOf, formBody } from '../form-body.js';
import { localeFor } from '../page-locale.js';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { askFirst } from './ask-first.js';

const PROFILE = '/gatehouse/account/profile#delete-account';
const SECURITY = '/gatehouse/account/security#second-factor';

/**
 * The account's destructive forms post here first (§15 rule 10): deleting one's account, removing
 * a passkey or the authenticator app. Each shows the question with the password field the action
 * needs (a password sent along is never shown again) and posts on to the form's own route; `Cancel`
 * goes back and nothing has changed.
 */
export const accountConfirmations = (deps: PagesDeps): Router => {
  const { useCases } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: '/gatehouse/account' });
  // The authenticator app's removal is open while enrolling, as the factor forms are.
  const enrolment = signedInPage(deps, { page: '/gatehouse/account/security', duringEnrolment: true });
  const password = { state: EMPTY_FORM };

  const deleteAccount = (req: Request, res: Response) => {
    const { t } = localeFor(req);
    askFirst(req, res, { question: t('confirm.deleteAccount', { email: pagePrincipal(res).user.email }), button: t('account.deleteSubmit'), cancel: PROFILE, action: '/gatehouse/account/delete', password });
  };
  router.get('/account/delete/confirm', page, deleteAccount);
  router.post('/account/delete/confirm', page, formBody, deleteAccount);

  router.post('/account/passkeys/confirm-removal', enrolment, formBody, async (req, res) => {
    const { t } = localeFor(req);
    const id = fieldsOf(req.body).remove_passkey ?? '';
    const passkey = (await useCases.getMfa(pagePrincipal(res))).passkeys.find((each) => each.id === id);
    if (!passkey) return res.redirect(303, SECURITY);
    askFirst(req, res, {
      question: t('confirm.removePasskey', { name: passkey.name }),
      button: t('confirm.removePasskeyButton'),
      cancel: SECURITY,
      action: '/gatehouse/account/factors',
      carried: { remove_passkey: passkey.id },
      password,
    });
  });

  const removeTotp = (req: Request, res: Response) => {
    const { t } = localeFor(req);
    askFirst(req, res, { question: t('confirm.removeTotp'), button: t('confirm.removeTotpButton'), cancel: SECURITY, action: '/gatehouse/account/totp/remove', password });
  };
  router.get('/account/totp/confirm-removal', enrolment, removeTotp);
  router.post('/account/totp/confirm-removal', enrolment, formBody, removeTotp);

  return router;
};
