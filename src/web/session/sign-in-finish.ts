import type { Request, Response } from 'express';
import type { SessionGrant } from '../../core/use-cases/views.js';
import type { ShortLivedCookie } from '../cookies/short-lived-cookie.js';
import { requestContext } from '../request-context.js';
import type { AuthDeps } from './auth-deps.js';

export interface FinishedSignIn {
  session: SessionGrant;
  /** Absent for a registration: the device cookie comes with a sign-in that checked a password budget. */
  device?: SessionGrant;
}

/**
 * What a finished sign-in leaves in the browser, in this order whichever face finished it: the
 * spent step's cookie cleared (the pending login, a passkey challenge), the session, the device.
 */
export const finishSignIn = ({ cookie, device, sessions }: Pick<AuthDeps, 'cookie' | 'device' | 'sessions'>, req: Request, res: Response, done: FinishedSignIn, spent?: ShortLivedCookie): void => {
  spent?.expire(res);
  cookie.set(res, done.session);
  if (done.device) device.set(res, done.device);
  sessions.forget(req); // the cookie the request came with is no longer the browser's session
};

/**
 * Ends the session `token` names (the request's cookie, or null when there is none to trust) and
 * clears the cookie; the API passes null for a bearer request, whose cookie it ignores.
 */
export const signOut = async ({ useCases, cookie, sessions }: Pick<AuthDeps, 'useCases' | 'cookie' | 'sessions'>, req: Request, res: Response, token: string | null): Promise<void> => {
  await useCases.logout(token, requestContext(req));
  cookie.expire(res);
  sessions.forget(req);
};
