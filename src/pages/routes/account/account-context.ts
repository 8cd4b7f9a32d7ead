import type { Request, RequestHandler, Response } from 'express';
import type { ErrorCode } from '../../../core/domain/errors.js';
import type { Principal } from '../../../core/domain/principal.js';
import type { Flash } from '../../flash.js';
import { fieldsOf, type FormFields } from '../../form-body.js';
import { formFailure, type Placement } from '../../form-failure.js';
import { en, type MessageKey } from '../../i18n/messages-en.js';
import { localeFor } from '../../page-locale.js';
import { pagePrincipal } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { retryAfter, seeOther } from '../../../web/page-sender.js';
import { accountPath, type AccountForm, type AccountSection } from '../../views/account/account-frame.js';
import type { FormState } from '../../views/form-parts.js';

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

export const notice = (key: MessageKey): Flash => ({ kind: 'notice', key });

/** A refused form, for its page to show again (with the status the refusal carries). */
export interface Failed {
  form: AccountForm;
  state: FormState;
}

/** Draws one account page: a plain GET, or a refused form's page again. */
export type Render = (req: Request, res: Response, failed?: Failed, status?: number) => Promise<void>;

export interface Refusal {
  secrets?: string[];
  placements?: Partial<Record<ErrorCode, Placement>>;
}

/** The session checks: any account page, or one open to a session held to enrolment. */
export interface AccountAccess {
  page: RequestHandler;
  enrolment: RequestHandler;
}

export type FormRun = (req: Request, res: Response, principal: Principal, fields: FormFields) => Promise<Flash | null | 'redirected'>;

/** Where a form lands: its page, and the section (the URL fragment) whose result it shows. */
export interface Landing {
  section: AccountSection;
  fragment: string;
}

export const landingUrl = ({ section, fragment }: Landing): string => `${accountPath(section)}#${fragment}`;

/**
 * A form's handler: on success its flash and a 303 to the section it changed; a refusal draws that
 * page again, the problem at the top of the section, with what was entered but no secret.
 */
export const accountForm =
  (deps: Pick<PagesDeps, 'flash'>, render: Render, landing: Landing, form: AccountForm, run: FormRun, refusal: Refusal = {}): RequestHandler =>
  async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      const shown = await run(req, res, principal, entered);
      if (shown === 'redirected') return;
      if (shown) deps.flash.set(res, principal.userId, shown);
      seeOther(res, landingUrl(landing));
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered, refusal);
      if (!failure) throw error;
      retryAfter(res, failure);
      await render(req, res, { form, state: failure.state }, failure.status);
    }
  };
