import type { Request, Response } from 'express';
import { isDomainError } from '../../../core/domain/errors.js';
import type { Principal } from '../../../core/domain/principal.js';
import type { Flash } from '../../flash.js';
import type { Locale } from '../../i18n/catalogue.js';
import { en, type MessageKey } from '../../i18n/messages-en.js';
import { localeFor, viewerOf } from '../../page-locale.js';
import { pagePrincipal } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import type { AdminFrame } from '../../views/admin/admin-layout.js';
import type { FormState } from '../../views/form-parts.js';

export const ADMIN = '/gatehouse/admin';
export const PAGE_SIZE = 20;

export const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 254) : '');

export const notice = (key: MessageKey): Flash => ({ kind: 'notice', key });

/** The frame of an admin page, and the flash its redirect brought (taken once). */
export const adminFrame = (deps: PagesDeps, req: Request, res: Response): { principal: Principal; frame: AdminFrame; flash: Flash | null } => {
  const principal = pagePrincipal(res);
  const locale = localeFor(req);
  const flash = deps.flash.take(req, res, principal.userId);
  const said = flash?.kind === 'notice' && Object.hasOwn(en, flash.key) ? locale.t(flash.key as MessageKey) : null;
  return { principal, flash, frame: { locale, viewer: viewerOf(res) ?? { email: principal.user.email, admin: true }, notice: said } };
};

/** A query the use case refused, as the filter form shows it: the problem beside its field, the value kept. */
export const refusedQuery = (error: unknown, locale: Locale, entered: Record<string, string>, field: string): FormState | null => {
  if (!isDomainError(error) || error.code !== 'validation_failed') return null;
  return { values: entered, problems: { [field]: locale.t('problem.invalid') }, general: [] };
};
