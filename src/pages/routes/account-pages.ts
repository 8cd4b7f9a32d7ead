import { Router, type Request, type Response } from 'express';
import type { Principal } from '../../core/domain/principal.js';
import type { Flash } from '../flash.js';
import { fieldsOf, formBody, type FormFields } from '../form-body.js';
import { formFailure, type Placement } from '../form-failure.js';
import { en, type MessageKey } from '../i18n/messages-en.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { seeOther, sendPage, retryAfter } from '../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { AccountPage, type AccountForm, type ConnectedApp } from '../views/account-page.js';
import type { FormState } from '../views/form-parts.js';
import type { ErrorCode } from '../../core/domain/errors.js';

const ACCOUNT = '/gatehouse/account';
const EVENTS_SHOWN = 20;

/** A number field as the use case's rules expect it: empty is absent, digits a number, anything else stays text (and is refused). */
const numberField = (text: string | undefined): number | string | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : text;
};

/** The WebAuthn answer as JSON; anything else reaches the use case as text, which its rules refuse. */
const jsonField = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return text;
  }
};

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

export interface AccountPagesOptions {
  /** The user's connected OpenID applications, when the provider is mounted. */
  connectedApps?(principal: Principal): Promise<ConnectedApp[]>;
}

/**
 * The account page and its forms. Each form posts to a path of its own and ends in a 303 back to
 * the page; what must be shown once (a token, recovery codes, a new app's key) rides the flash
 * cookie across that redirect. A user the MFA policy holds to enrolment reaches only the
 * second-factor forms.
 */
export const accountPages = (deps: PagesDeps, options: AccountPagesOptions = {}): Router => {
  const { useCases, auth, flash } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: ACCOUNT });
  const enrolment = signedInPage(deps, { page: ACCOUNT, duringEnrolment: true });

  const show = async (req: Request, res: Response, failed?: { form: AccountForm; state: FormState }, status = 200) => {
    const principal = pagePrincipal(res);
    const locale = localeFor(req);
    const taken = flash.take(req, res, principal.userId);
    const enrolmentOnly = principal.enrolmentRequired === true;
    const [mfa, sessions, tokens, events, apps] = await Promise.all([
      useCases.getMfa(principal),
      enrolmentOnly ? [] : useCases.listSessions(principal),
      enrolmentOnly ? [] : useCases.listApiTokens(principal),
      enrolmentOnly ? null : useCases.listMyEvents(principal, { limit: EVENTS_SHOWN }),
      enrolmentOnly || !options.connectedApps ? [] : options.connectedApps(principal),
    ]);
    const notice = taken?.kind === 'notice' && isMessageKey(taken.key) ? locale.t(taken.key) : null;
    const viewer = viewerOf(res) ?? { email: principal.user.email, admin: false };
    sendPage(
      res,
      AccountPage({ locale, viewer, user: principal.user, enrolmentOnly, mfa, sessions, tokens, events: events?.items ?? [], apps, flash: taken, notice, failed }),
      { status },
    );
  };

  /** Runs a form's use case: on success the flash and a 303 back; a refusal shows the form again. */
  const handle =
    (form: AccountForm, run: (req: Request, res: Response, principal: Principal, fields: FormFields) => Promise<Flash | null | 'redirected'>, refusal: { secrets?: string[]; placements?: Partial<Record<ErrorCode, Placement>> } = {}) =>
    async (req: Request, res: Response) => {
      const principal = pagePrincipal(res);
      const entered = fieldsOf(req.body);
      try {
        const shown = await run(req, res, principal, entered);
        if (shown === 'redirected') return;
        if (shown) flash.set(res, principal.userId, shown);
        seeOther(res, ACCOUNT);
      } catch (error) {
        const failure = formFailure(error, localeFor(req), entered, refusal);
        if (!failure) throw error;
        retryAfter(res, failure);
        await show(req, res, { form, state: failure.state }, failure.status);
      }
    };
  const notice = (key: MessageKey): Flash => ({ kind: 'notice', key });
  const wrongPassword: Partial<Record<ErrorCode, Placement>> = { invalid_credentials: { field: 'password', message: 'problem.passwordWrong' } };

  router.get('/account', enrolment, async (req, res) => {
    await show(req, res);
  });

  // "Connected applications": the grant, its tokens and the remembered consent go; a client never granted → 404 page.
  router.post('/account/applications/:clientId/revoke', page, async (req, res) => {
    await useCases.revokeMyOidcGrant(pagePrincipal(res), String(req.params.clientId));
    seeOther(res, ACCOUNT);
  });

  router.post(
    '/account/profile',
    page,
    formBody,
    handle('profile', async (_req, _res, principal, fields) => {
      await useCases.updateDisplayName(principal, { display_name: fields.display_name ?? '' });
      return notice('account.saved');
    }),
  );

  router.post(
    '/account/password',
    page,
    formBody,
    handle(
      'password',
      async (_req, res, principal, fields) => {
        auth.cookie.set(res, await useCases.changePassword(principal, { current_password: fields.current_password ?? '', new_password: fields.new_password ?? '' }));
        return notice('account.passwordChanged');
      },
      { secrets: ['current_password', 'new_password'], placements: { invalid_credentials: { field: 'current_password', message: 'problem.passwordWrong' } } },
    ),
  );

  router.post(
    '/account/factors',
    enrolment,
    formBody,
    handle(
      'factors',
      async (_req, _res, principal, fields) => {
        const proof = { password: fields.password ?? '' };
        if (fields.remove_passkey !== undefined) {
          await useCases.removePasskey(principal, fields.remove_passkey, proof);
          return notice('account.passkeyRemoved');
        }
        if (fields.action === 'recovery_codes') return { kind: 'recovery_codes', codes: await useCases.regenerateRecoveryCodes(principal, proof) };
        const { secret, uri } = await useCases.enrolTotp(principal, proof);
        return { kind: 'totp', secret, uri };
      },
      { secrets: ['password'], placements: wrongPassword },
    ),
  );

  router.post(
    '/account/totp/confirm',
    enrolment,
    formBody,
    handle(
      'totp-confirm',
      async (_req, res, principal, fields) => {
        const { recoveryCodes, session } = await useCases.confirmTotp(principal, { code: (fields.code ?? '').replace(/\s+/g, '') });
        auth.cookie.set(res, session);
        return recoveryCodes ? { kind: 'recovery_codes', codes: recoveryCodes } : notice('account.totpConfirmed');
      },
      { secrets: ['code'], placements: { invalid_credentials: { field: 'code', message: 'problem.codeWrong' } } },
    ),
  );

  // The end of adding a passkey: the script posts the browser's answer as a form field.
  router.post(
    '/account/passkeys',
    enrolment,
    formBody,
    handle(
      'factors',
      async (_req, res, principal, fields) => {
        const { recoveryCodes, session } = await useCases.registerPasskey(principal, { name: fields.name ?? '', response: jsonField(fields.response) });
        auth.cookie.set(res, session);
        return recoveryCodes ? { kind: 'recovery_codes', codes: recoveryCodes } : notice('account.passkeyAdded');
      },
      { secrets: ['response'] },
    ),
  );

  router.post('/account/sessions/revoke-others', page, async (_req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeOtherSessions(principal);
    flash.set(res, principal.userId, notice('account.othersRevoked'));
    seeOther(res, ACCOUNT);
  });

  router.post('/account/sessions/:id/revoke', page, async (req, res) => {
    const principal = pagePrincipal(res);
    const { wasCurrent } = await useCases.revokeSession(principal, String(req.params.id));
    if (wasCurrent) {
      auth.cookie.expire(res);
      return seeOther(res, '/gatehouse/sign-in');
    }
    flash.set(res, principal.userId, notice('account.sessionRevoked'));
    seeOther(res, ACCOUNT);
  });

  router.post(
    '/account/tokens',
    page,
    formBody,
    handle('token', async (_req, _res, principal, fields) => {
      const days = numberField(fields.expires_in_days);
      const { secret } = await useCases.createApiToken(principal, { name: fields.name ?? '', ...(days === undefined ? {} : { expires_in_days: days }) });
      return { kind: 'token', secret };
    }),
  );

  router.post('/account/tokens/:id/revoke', page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeApiToken(principal, String(req.params.id));
    flash.set(res, principal.userId, notice('account.tokenRevoked'));
    seeOther(res, ACCOUNT);
  });

  router.post(
    '/account/delete',
    page,
    formBody,
    handle(
      'delete',
      async (_req, res, principal, fields) => {
        await useCases.deleteAccount(principal, { password: fields.password ?? '' });
        auth.cookie.expire(res);
        seeOther(res, '/gatehouse/sign-in');
        return 'redirected';
      },
      { secrets: ['password'], placements: wrongPassword },
    ),
  );

  return router;
};
