import type { Request, Response } from 'express';
import { chooseLanguage, localeOf, type Locale } from './i18n/catalogue.js';
import type { Principal } from '../core/domain/principal.js';
import type { Viewer } from './views/layout.js';

/** The request's language, by Accept-Language (English otherwise). */
export const localeFor = (req: Request): Locale => localeOf(chooseLanguage(req.get('accept-language')));

/** The signed-in user as the navigation shows it, once a page route has authenticated one. */
export const viewerOf = (res: Response): Viewer | undefined => {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) return undefined;
  // A user the MFA policy holds to enrolment is offered only its account page and sign-out.
  return { email: principal.user.email, admin: principal.role === 'admin' && !principal.enrolmentRequired };
};
