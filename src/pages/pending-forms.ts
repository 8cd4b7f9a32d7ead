import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Principal } from '../core/domain/principal.js';
import type { PendingForm } from '../core/use-cases/step-up/pending-actions.js';
import { PAGES } from '../web/paths.js';
import { fieldsOf, replayForm, type FormFields } from './form-body.js';
import type { Translate } from './i18n/catalogue.js';
import type { MessageKey } from './i18n/messages-en.js';
import type { PagesDeps } from './pages-deps.js';

/** Never kept: a form that carried one of these is shown again instead (§15 rule 9). */
const SECRETS = ['password', 'current_password', 'new_password', 'code', 'recovery_code', 'response'];

const ADMIN_USER_ACTION = /^\/gatehouse\/admin\/users\/([^/]+)\/(disable|enable|sign-out|reset-mfa|delete|recovery)$/;

/** How the confirm page names each kept action; one with no subject is named by the general words. */
const WORDS: Record<string, MessageKey> = {
  disable: 'pending.disable',
  enable: 'pending.enable',
  'sign-out': 'pending.signOut',
  'reset-mfa': 'pending.resetMfa',
  delete: 'pending.delete',
  recovery: 'pending.recovery',
  token: 'pending.token',
};

const SUBJECT_MAX = 255;

const describe = async ({ useCases }: Pick<PagesDeps, 'useCases'>, principal: Principal, route: string, fields: FormFields): Promise<Pick<PendingForm, 'name' | 'subject'>> => {
  const admin = ADMIN_USER_ACTION.exec(route);
  if (admin) {
    const email = await useCases.getUser(principal, decodeURIComponent(admin[1] ?? '')).then(({ user }) => user.email, () => null);
    return { name: admin[2] ?? 'action', subject: email };
  }
  if (route === `${PAGES}/account/tokens`) return { name: 'token', subject: fields.name?.trim() || null };
  return { name: 'action', subject: null };
};

/**
 * A page form that recent authentication interrupted, kept for the session until it confirms.
 * Answers whether it was kept: a GET has nothing to carry out, and a form with a password or code
 * is not stored (the page shows it again after confirming).
 */
export const keepInterruptedForm = async (deps: Pick<PagesDeps, 'useCases'>, req: Request, principal: Principal): Promise<boolean> => {
  if (req.method !== 'POST') return false;
  const fields = fieldsOf(req.body);
  if (SECRETS.some((name) => Object.hasOwn(fields, name))) return false;
  const route = req.originalUrl.split('?', 1)[0] ?? '';
  if (!route.startsWith(`${PAGES}/`)) return false;
  const { name, subject } = await describe(deps, principal, route, fields);
  await deps.useCases.keepPendingAction(principal, { name, subject: subject?.slice(0, SUBJECT_MAX) ?? null, route, fields: JSON.stringify(fields) });
  return true;
};

/** The confirm page's sentence for a kept action, or null when none waits. */
export const pendingSentence = (form: PendingForm | null, t: Translate): string | null => {
  if (!form) return null;
  const key = WORDS[form.name];
  return key && form.subject !== null ? t(key, { subject: form.subject }) : t('pending.action');
};

const storedFields = (text: string): FormFields => {
  const parsed: unknown = JSON.parse(text);
  const fields = Object.create(null) as FormFields;
  if (typeof parsed === 'object' && parsed !== null) for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return fields;
};

/**
 * Sends the kept form through the pages again, as if it had just been posted, with the session the
 * confirmation renewed: its route answers as it always does (the 303 to where the result is shown).
 */
export const carryOut = (pages: RequestHandler, form: PendingForm, req: Request, res: Response, next: NextFunction): void => {
  req.method = 'POST';
  req.originalUrl = form.route;
  req.url = form.route.slice(PAGES.length);
  replayForm(req, storedFields(form.fields));
  void pages(req, res, next);
};
