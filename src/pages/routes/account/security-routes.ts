import type { Router } from 'express';
import { fieldsOf, formBody } from '../../form-body.js';
import type { Flash } from '../../flash.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import { localeFor } from '../../page-locale.js';
import { pagePrincipal } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import type { AccountForm } from '../../views/account/account-frame.js';
import { accountForm, notice, type AccountAccess, type FormRun, type Landing, type Refusal, type Render } from './account-context.js';

/** The WebAuthn answer as JSON; anything else reaches the use case as text, which its rules refuse. */
const jsonField = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return text;
  }
};

const PASSWORD: Landing = { section: 'security', fragment: 'password' };
const SECOND_FACTOR: Landing = { section: 'security', fragment: 'second-factor' };
/** The factor forms' Password field: never shown again, and a wrong one said beside it. */
const passwordRefusal: Refusal = { secrets: ['password'], placements: { invalid_credentials: { field: 'password', message: 'problem.passwordWrong' } } };
/** A first factor's confirmation shows the recovery codes it made, once; a later one just says so. */
const withFirstCodes = (recoveryCodes: string[] | null, key: MessageKey): Flash => (recoveryCodes ? { kind: 'recovery_codes', codes: recoveryCodes, notice: key } : notice(key));
/** A recovery code as issued: four groups of six Crockford base32 characters (older ones: twenty). */
const RECOVERY_CODE = /^[0-9A-Za-z-]{16,40}$/;

/**
 * The Security page's forms: the password, and the second factor's three separate forms (the
 * authenticator app, passkeys, recovery codes). A session held to enrolment reaches the second
 * factor's forms only.
 */
export const securityRoutes = (router: Router, deps: PagesDeps, render: Render, access: AccountAccess): void => {
  const { useCases, auth } = deps;
  const form = (landing: Landing, name: AccountForm, run: FormRun, refusal?: Refusal) => accountForm(deps, render, landing, name, run, refusal);

  router.get('/account/security', access.enrolment, async (req, res) => {
    await render(req, res);
  });

  router.post(
    '/account/password',
    access.page,
    formBody,
    form(
      PASSWORD,
      'password',
      async (_req, res, principal, fields) => {
        auth.cookie.set(res, await useCases.changePassword(principal, { current_password: fields.current_password ?? '', new_password: fields.new_password ?? '' }));
        return notice('account.passwordChanged');
      },
      { secrets: ['current_password', 'new_password'], placements: { invalid_credentials: { field: 'current_password', message: 'problem.passwordWrong' } } },
    ),
  );

  /** A second factor's form: open to a session held to enrolment, landing on `Second factor`; most ask for the password. */
  const factorForm = (path: string, name: AccountForm, run: FormRun, refusal: Refusal = passwordRefusal) =>
    router.post(path, access.enrolment, formBody, form(SECOND_FACTOR, name, run, refusal));

  // Setting up the app: the page then shows the pending set-up (QR code, key) until it is confirmed.
  factorForm('/account/totp', 'totp', async (_req, _res, principal, fields) => {
    await useCases.enrolTotp(principal, { password: fields.password ?? '' });
    return null;
  });

  factorForm(
    '/account/totp/confirm',
    'totp-confirm',
    async (_req, res, principal, fields) => {
      const { recoveryCodes, session } = await useCases.confirmTotp(principal, { code: (fields.code ?? '').replace(/\s+/g, '') });
      auth.cookie.set(res, session);
      return withFirstCodes(recoveryCodes, 'account.totpConfirmed');
    },
    {
      secrets: ['code'],
      placements: { invalid_credentials: { field: 'code', message: 'problem.codeWrong' }, mfa_not_enabled: { field: 'code', message: 'account.totpExpired' } },
    },
  );

  // Removing the authenticator app: reached from its confirmation page (account-confirmations.ts), password and all.
  factorForm('/account/totp/remove', 'totp', async (_req, _res, principal, fields) => {
    await useCases.removeTotp(principal, { password: fields.password ?? '' });
    return notice('account.totpRemoved');
  });

  // Removing a passkey (one Revoke per row) in the passkeys' own form.
  factorForm('/account/factors', 'passkey', async (_req, _res, principal, fields) => {
    await useCases.removePasskey(principal, fields.remove_passkey ?? '', { password: fields.password ?? '' });
    return notice('account.passkeyRemoved');
  });

  // The end of adding a passkey: the script posts the browser's answer as a form field.
  factorForm(
    '/account/passkeys',
    'passkey',
    async (_req, res, principal, fields) => {
      const { recoveryCodes, session } = await useCases.registerPasskey(principal, { name: fields.name ?? '', response: jsonField(fields.response) });
      auth.cookie.set(res, session);
      return withFirstCodes(recoveryCodes, 'account.passkeyAdded');
    },
    { secrets: ['response'] },
  );

  factorForm('/account/recovery-codes', 'recovery-codes', async (_req, _res, principal, fields) => ({
    kind: 'recovery_codes',
    codes: await useCases.regenerateRecoveryCodes(principal, { password: fields.password ?? '' }),
    notice: 'account.recoveryCodesMade',
  }));

  // The codes come back from the page that shows them (the server keeps only their hashes) and leave as a file.
  router.post('/account/recovery-codes.txt', access.enrolment, formBody, (req, res) => {
    const principal = pagePrincipal(res);
    const codes = (fieldsOf(req.body).codes ?? '').split(/\s+/).filter((code) => RECOVERY_CODE.test(code)).slice(0, 10);
    const { t } = localeFor(req);
    res.status(200).set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': 'attachment; filename="gatehouse-recovery-codes.txt"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(`${t('account.recoveryCodesFile', { email: principal.user.email })}\n\n${codes.join('\n')}\n`);
  });
};
