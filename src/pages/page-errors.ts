import type { ErrorRequestHandler } from 'express';
import { isDomainError } from '../core/domain/errors.js';
import type { Principal } from '../core/domain/principal.js';
import { edgeCode } from '../web/errors/error-handler.js';
import { HttpProblem, problemBody, type ProblemCode } from '../web/errors/problem.js';
import { REFUSALS } from '../web/errors/refusals.js';
import { logRefusal } from '../web/errors/refusal-log.js';
import { requestIdOf } from '../web/edge/request-id.js';
import { localeFor, viewerOf } from './page-locale.js';
import { seeOther, sendPage } from '../web/page-sender.js';
import type { PagesDeps } from './pages-deps.js';
import { keepInterruptedForm } from './pending-forms.js';
import { signInPageFor } from './return-to.js';
import { MessagePage } from './views/message-page.js';

/** The page that asked for a proof, for the confirm page to come back to (a POST returns to its page). */
const pageOf = (originalUrl: string, method: string): string => {
  if (method === 'GET') return originalUrl;
  return originalUrl.startsWith('/gatehouse/admin') ? '/gatehouse/admin' : '/gatehouse/account';
};

/** As the API maps it: a path parameter no decoder accepts (`%ff`) is a client's fault, not ours. */
const codeOf = (error: unknown): ProblemCode | null => {
  if (isDomainError(error)) return error.code;
  if (error instanceof HttpProblem) return error.code;
  return edgeCode(error);
};

/**
 * The pages' one error handler: a refusal becomes a page in the reader's language, with the
 * status the API would give; recent authentication and a lost session become detours. Nothing of
 * an unexpected error reaches the page but a reference to the log line.
 */
export const pageErrors =
  ({ logger, auth, useCases }: Pick<PagesDeps, 'logger' | 'auth' | 'useCases'>): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const locale = localeFor(req);
    const { t } = locale;
    const viewer = viewerOf(res);
    const code = codeOf(error);
    if (code !== null) {
      const { page } = REFUSALS[code];
      if (page.kind === 'detour' && page.to === 'confirm') {
        const confirm = `/gatehouse/confirm?return_to=${encodeURIComponent(pageOf(req.originalUrl, req.method))}`;
        // Nothing is lost on the detour (§15 rule 9): the form waits for the confirmation.
        const principal = res.locals.principal as Principal | undefined;
        if (!principal) return seeOther(res, confirm);
        return void keepInterruptedForm({ useCases }, req, principal).then(() => seeOther(res, confirm), next);
      }
      if (page.kind === 'detour') {
        auth.cookie.expire(res);
        return seeOther(res, signInPageFor(pageOf(req.originalUrl, req.method)));
      }
      const body = problemBody(code);
      logRefusal(logger, req, res, body);
      if (error instanceof HttpProblem && error.log) logger.warn({ request_id: requestIdOf(res), refused: code, ...error.log.fields }, error.log.msg);
      const home = viewer ? { href: '/gatehouse/account', text: t('back.account') } : { href: '/gatehouse/sign-in', text: t('back.signIn') };
      if (page.kind === 'retry-later') {
        const seconds = isDomainError(error) && error.retryAfterSeconds !== null ? Math.max(1, Math.ceil(error.retryAfterSeconds)) : 1;
        res.set('Retry-After', String(seconds));
        const text = page.body === 'unavailable' ? t('problem.unavailable') : t('problem.throttled', { seconds });
        return sendPage(res, MessagePage({ locale, title: t('tooMany.title'), body: text, viewer, link: home }), { status: body.status });
      }
      return sendPage(res, MessagePage({ locale, title: t(page.title), body: t(page.body), viewer, link: home }), { status: body.status });
    }
    const requestId = requestIdOf(res);
    logger.error({ err: error, request_id: requestId, method: req.method }, 'unexpected error');
    return sendPage(res, MessagePage({ locale, title: t('error.title'), body: t('error.body'), detail: t('error.reference', { id: requestId }), viewer }), { status: 500 });
  };
