import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Principal } from '../core/domain/principal.js';
import type { PendingForm } from '../core/use-cases/step-up/pending-actions.js';
import { PAGES } from '../web/paths.js';
import type { Flash } from './flash.js';
import { fieldsOf, replayForm, type FormFields } from './form-body.js';
import type { Translate } from './i18n/catalogue.js';
import type { MessageKey } from './i18n/messages-en.js';
import type { PagesDeps } from './pages-deps.js';

/** Never kept: a form that carried one of these is shown again instead (§15 rule 9). */
const SECRETS = ['password', 'current_password', 'new_password', 'code', 'recovery_code', 'response'];

const ADMIN_USER_ACTION = /^\/gatehouse\/admin\/users\/([^/]+)\/(disable|enable|sign-out|reset-mfa|delete|recovery)$/;
/** An OpenID client's or a forward-auth rule's edit form, or its deletion once asked. */
const APPLICATION_ACTION = /^\/gatehouse\/admin\/applications\/(clients|rules)\/([^/]+)(\/delete)?$/;

/** How the confirm page names each kept action; one with no subject is named by the general words. */
const WORDS: Record<string, MessageKey> = {
  disable: 'pending.disable',
  enable: 'pending.enable',
  'sign-out': 'pending.signOut',
  'reset-mfa': 'pending.resetMfa',
  delete: 'pending.delete',
  recovery: 'pending.recovery',
  token: 'pending.token',
  'edit-client': 'pending.editClient',
  'delete-client': 'pending.deleteClient',
  'edit-rule': 'pending.editRule',
  'delete-rule': 'pending.deleteRule',
};

const SUBJECT_MAX = 255;

/**
 * The account's forms that carry a password and meet the detour (a user with a second factor):
 * never carried out, since the password is never kept, but shown again once confirmed with the rest
 * of their input (§15 rule 9). `form` is the name the page that shows it knows it by, `landing` that page.
 */
interface ShownAgain {
  words: MessageKey;
  form: string;
  landing: string;
  /** The words name the subject (the passkey); without one, the general words. */
  named?: boolean;
}
const SECURITY = `${PAGES}/account/security`;
const SHOWN_AGAIN: Readonly<Record<string, ShownAgain>> = {
  [`${PAGES}/account/password`]: { words: 'pending.changePassword', form: 'password', landing: `${SECURITY}#password` },
  [`${PAGES}/account/totp`]: { words: 'pending.setUpTotp', form: 'totp', landing: `${SECURITY}#second-factor` },
  [`${PAGES}/account/passkeys`]: { words: 'pending.addPasskey', form: 'passkey', landing: `${SECURITY}#second-factor` },
  [`${PAGES}/account/recovery-codes`]: { words: 'pending.recoveryCodes', form: 'recovery-codes', landing: `${SECURITY}#second-factor` },
  [`${PAGES}/account/totp/remove`]: { words: 'pending.removeTotp', form: 'remove-totp', landing: `${PAGES}/account/totp/confirm-removal` },
  [`${PAGES}/account/factors`]: { words: 'pending.removePasskey', form: 'remove-passkey', landing: `${PAGES}/account/passkeys/confirm-removal`, named: true },
  [`${PAGES}/account/delete`]: { words: 'pending.deleteAccount', form: 'delete', landing: `${PAGES}/account/delete/confirm` },
};

const shownAgainFor = (route: string): ShownAgain | undefined => (Object.hasOwn(SHOWN_AGAIN, route) ? SHOWN_AGAIN[route] : undefined);

const withoutSecrets = (fields: FormFields): FormFields => {
  const kept = Object.create(null) as FormFields;
  for (const [name, value] of Object.entries(fields)) if (!SECRETS.includes(name)) kept[name] = value;
  return kept;
};

const storedFields = (text: string): FormFields => {
  const parsed: unknown = JSON.parse(text);
  const fields = Object.create(null) as FormFields;
  if (typeof parsed === 'object' && parsed !== null) for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return fields;
};

/** The client by its name, the rule by its host and prefix (as their rows show them); one gone is named by the general words. */
const describeApplication = async (useCases: PagesDeps['useCases'], principal: Principal, [, kind, id, deletion]: RegExpExecArray): Promise<Pick<PendingForm, 'name' | 'subject'>> => {
  const verb = deletion ? 'delete' : 'edit';
  const key = decodeURIComponent(id ?? '');
  if (kind === 'clients') return { name: `${verb}-client`, subject: await useCases.getOidcClient(principal, key).then(({ name }) => name, () => null) };
  return { name: `${verb}-rule`, subject: await useCases.getForwardAuthRule(principal, key).then(({ host, pathPrefix }) => `${host}${pathPrefix}`, () => null) };
};

const describe = async ({ useCases }: Pick<PagesDeps, 'useCases'>, principal: Principal, route: string, fields: FormFields): Promise<Pick<PendingForm, 'name' | 'subject'>> => {
  const admin = ADMIN_USER_ACTION.exec(route);
  if (admin) {
    const email = await useCases.getUser(principal, decodeURIComponent(admin[1] ?? '')).then(({ user }) => user.email, () => null);
    return { name: admin[2] ?? 'action', subject: email };
  }
  const application = APPLICATION_ACTION.exec(route);
  if (application) return describeApplication(useCases, principal, application);
  if (route === `${PAGES}/account/tokens`) return { name: 'token', subject: fields.name?.trim() || null };
  if (route === `${PAGES}/account/factors`) {
    const passkey = (await useCases.getMfa(principal)).passkeys.find(({ id }) => id === fields.remove_passkey);
    return { name: 'again', subject: passkey?.name ?? null };
  }
  if (shownAgainFor(route)) return { name: 'again', subject: null };
  return { name: 'action', subject: null };
};

/**
 * A page form that recent authentication interrupted, kept for the session until it confirms.
 * Answers whether it was kept: a GET has nothing to carry out. A form with a password or code is
 * kept without them, to be shown again (one of SHOWN_AGAIN), or not at all (any other).
 */
export const keepInterruptedForm = async (deps: Pick<PagesDeps, 'useCases'>, req: Request, principal: Principal): Promise<boolean> => {
  if (req.method !== 'POST') return false;
  const route = req.originalUrl.split('?', 1)[0] ?? '';
  if (!route.startsWith(`${PAGES}/`)) return false;
  const entered = fieldsOf(req.body);
  const again = shownAgainFor(route) !== undefined;
  if (!again && SECRETS.some((name) => Object.hasOwn(entered, name))) return false;
  const fields = again ? withoutSecrets(entered) : entered;
  const { name, subject } = await describe(deps, principal, route, fields);
  await deps.useCases.keepPendingAction(principal, { name, subject: subject?.slice(0, SUBJECT_MAX) ?? null, route, fields: JSON.stringify(fields) });
  return true;
};

/** The confirm page's sentence for a kept action, or null when none waits. */
export const pendingSentence = (form: PendingForm | null, t: Translate): string | null => {
  if (!form) return null;
  const again = shownAgainFor(form.route);
  if (again) return again.named && form.subject === null ? t('pending.action') : t(again.words, { subject: form.subject ?? '' });
  const key = WORDS[form.name];
  return key && form.subject !== null ? t(key, { subject: form.subject }) : t('pending.action');
};

/** For a form shown again: what the confirm page adds (the password is typed once more, after). */
export const pendingNote = (form: PendingForm | null, t: Translate): string | null => (form && shownAgainFor(form.route) ? t('pending.enterAgain') : null);

/**
 * A kept form with a password is never carried out: confirming answers where it is shown again,
 * and the flash that carries its other fields there (sealed, this browser's, minutes long).
 */
export const shownAgain = (form: PendingForm): { landing: string; flash: Flash } | null => {
  const again = shownAgainFor(form.route);
  if (!again) return null;
  // Kept without secrets; dropped once more here, in case an older row held any.
  return { landing: again.landing, flash: { kind: 'again', form: again.form, values: withoutSecrets(storedFields(form.fields)) } };
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
