import type { Request, Response } from 'express';
import { fieldsOf } from '../form-body.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { sendPage } from '../../web/page-sender.js';
import { AreYouSurePage, type AreYouSureProps } from '../views/are-you-sure-page.js';

/** The action's own URL unless `action` names another (an account form's confirmation posts on to the form's route). */
export type Question = Omit<AreYouSureProps, 'locale' | 'viewer' | 'action'> & { action?: string };

/** Whether this is the second press: the are-you-sure page's form alone sends `confirmed=yes`. */
export const confirmed = (req: Request): boolean => fieldsOf(req.body).confirmed === 'yes';

/**
 * A destructive action asks first (§15 rule 10): a press without `confirmed=yes` (the row's button,
 * or a GET of the action's URL) shows the question and changes nothing; the question's own button
 * posts back with it.
 */
export const askFirst = (req: Request, res: Response, question: Question): void => {
  const action = question.action ?? req.originalUrl.split('?', 1)[0] ?? req.originalUrl;
  sendPage(res, AreYouSurePage({ locale: localeFor(req), viewer: viewerOf(res), ...question, action }));
};
