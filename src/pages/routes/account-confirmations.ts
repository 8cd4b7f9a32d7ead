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
  const { useCases, flash } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: '/gatehouse/account' });
  // The authenticator app's removal is open while enrolling, as the factor forms are.
  const enrolment = signedInPage(deps, { page: '/gatehouse/account/security', duringEnrolment: true });
  const password = { state: EMPTY_FORM };

  /**
   * Back from the confirm page with the form it interrupted (§15 rule 9): its fields but no
   * password, and the words asking for the password once more. Null for any other visit.
   */
  const backFromConfirming = (req: Request, res: Response, form: string): { values: Record<string, string>; status: string } | null => {
    const shown = flash.take(req, res, pagePrincipal(res).userId);
    return shown?.kind === 'again' && shown.form === form ? { values: shown.values, status: localeFor(req).t('account.enterAgain') } : null;
  };
  const statusOf = (back: { status: string } | null) => (back ? { status: back.status } : {});

  const deleteAccount = (req: Request, res: Response) => {
    const { t } = localeFor(req);
    const back = req.method === 'GET' ? backFromConfirming(req, res, 'delete') : null;
    askFirst(req, res, {
      question: t('confirm.deleteAccount', { email: pagePrincipal(res).user.email }),
      button: t('account.deleteSubmit'),
      cancel: PROFILE,
      action: '/gatehouse/account/delete',
      password,
      ...statusOf(back),
    });
  };
  router.get('/account/delete/confirm', page, deleteAccount);
  router.post('/account/delete/confirm', page, formBody, deleteAccount);

  const removePasskey = async (req: Request, res: Response, id: string, back: { status: string } | null) => {
    const { t } = localeFor(req);
    const passkey = (await useCases.getMfa(pagePrincipal(res))).passkeys.find((each) => each.id === id);
    if (!passkey) return res.redirect(303, SECURITY);
    askFirst(req, res, {
      question: t('confirm.removePasskey', { name: passkey.name }),
      button: t('confirm.removePasskeyButton'),
      cancel: SECURITY,
      action: '/gatehouse/account/factors',
      carried: { remove_passkey: passkey.id },
      password,
      ...statusOf(back),
    });
  };
  router.post('/account/passkeys/confirm-removal', enrolment, formBody, async (req, res) => {
    await removePasskey(req, res, fieldsOf(req.body).remove_passkey ?? '', null);
  });
  // Only on the way back from the confirm page: which passkey came in the sealed flash, never in the URL.
  router.get('/account/passkeys/confirm-removal', enrolment, async (req, res) => {
    const back = backFromConfirming(req, res, 'remove-passkey');
    await removePasskey(req, res, back?.values.remove_passkey ?? '', back);
  });

  const removeTotp = (req: Request, res: Response) => {
    const { t } = localeFor(req);
    const back = req.method === 'GET' ? backFromConfirming(req, res, 'remove-totp') : null;
    askFirst(req, res, { question: t('confirm.removeTotp'), button: t('confirm.removeTotpButton'), cancel: SECURITY, action: '/gatehouse/account/totp/remove', password, ...statusOf(back) });
  };
  router.get('/account/totp/confirm-removal', enrolment, removeTotp);
  router.post('/account/totp/confirm-removal', enrolment, formBody, removeTotp);

  return router;
};
