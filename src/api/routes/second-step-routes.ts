import { Router, type Request, type Response } from 'express';
import type { PublicUser } from '../../core/domain/user.js';
import type { SessionGrant, SignInContext } from '../../core/use-cases/views.js';
import type { AuthDeps } from '../authenticate.js';
import { signInContextOf } from '../../web/session/credentials.js';
import { rejectForeignOrigin } from '../../web/session/csrf.js';
import { jsonBody } from '../json-body.js';
import { toUserOut } from '../representations.js';
import { requestContext } from '../../web/request-context.js';
import type { ShortLivedCookie } from '../../web/cookies/short-lived-cookie.js';

export interface SecondStepCookies {
  /** The pending login of a user with a second factor (gh_mfa). */
  pending: ShortLivedCookie;
  /** The challenge of a passwordless passkey login (gh_passkey). */
  passkey: ShortLivedCookie;
}

/**
 * The login steps that finish what a password (or nothing, for a passkey) started. Like login they
 * set the session cookie, so a foreign Origin is refused; a presented session is ended as at login.
 */
export const secondStepRoutes = (deps: AuthDeps, cookies: SecondStepCookies): Router => {
  const { useCases, cookie, origins, device } = deps;
  const router = Router();
  const sameSite = rejectForeignOrigin(origins);
  const signIn = (req: Request): SignInContext => signInContextOf(req, deps);
  const signedIn = (res: Response, used: ShortLivedCookie, signed: { user: PublicUser; session: SessionGrant; device: SessionGrant }) => {
    const { user, session } = signed;
    used.expire(res);
    cookie.set(res, session);
    device.set(res, signed.device);
    res.status(200).json(toUserOut(user));
  };

  router.post('/mfa', sameSite, jsonBody, async (req, res) => {
    signedIn(res, cookies.pending, await useCases.completeLoginWithCode(cookies.pending.read(req), req.body, signIn(req)));
  });

  router.post('/mfa/passkey/options', sameSite, async (req, res) => {
    res.json(await useCases.secondStepPasskeyOptions(cookies.pending.read(req)));
  });

  router.post('/mfa/passkey', sameSite, jsonBody, async (req, res) => {
    signedIn(res, cookies.pending, await useCases.completeLoginWithPasskey(cookies.pending.read(req), req.body, signIn(req)));
  });

  router.post('/passkey/options', sameSite, async (req, res) => {
    const { options, challenge } = await useCases.passkeyLoginOptions(requestContext(req));
    cookies.passkey.set(res, challenge.token);
    res.json(options);
  });

  router.post('/passkey', sameSite, jsonBody, async (req, res) => {
    signedIn(res, cookies.passkey, await useCases.loginWithPasskey(cookies.passkey.read(req), req.body, signIn(req)));
  });

  return router;
};
