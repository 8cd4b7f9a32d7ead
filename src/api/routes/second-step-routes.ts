import { Router, type Request, type Response } from 'express';
import type { PublicUser } from '../../core/domain/user.js';
import type { SessionGrant, SignInContext } from '../../core/use-cases/views.js';
import type { AuthDeps } from '../authenticate.js';
import { signInContextOf } from '../../web/session/credentials.js';
import { rejectForeignOrigin } from '../../web/session/csrf.js';
import { finishSignIn } from '../../web/session/sign-in-finish.js';
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
  const { useCases, origins } = deps;
  const router = Router();
  const sameSite = rejectForeignOrigin(origins);
  const signIn = (req: Request): SignInContext => signInContextOf(req, deps);
  const signedIn = (req: Request, res: Response, used: ShortLivedCookie, signed: { user: PublicUser; session: SessionGrant; device: SessionGrant }) => {
    finishSignIn(deps, req, res, signed, used);
    res.status(200).json(toUserOut(signed.user));
  };

  router.post('/mfa', sameSite, jsonBody, async (req, res) => {
    signedIn(req, res, cookies.pending, await useCases.completeLoginWithCode(cookies.pending.read(req), req.body, signIn(req)));
  });

  router.post('/mfa/passkey/options', sameSite, async (req, res) => {
    res.json(await useCases.secondStepPasskeyOptions(cookies.pending.read(req)));
  });

  router.post('/mfa/passkey', sameSite, jsonBody, async (req, res) => {
    signedIn(req, res, cookies.pending, await useCases.completeLoginWithPasskey(cookies.pending.read(req), req.body, signIn(req)));
  });

  router.post('/passkey/options', sameSite, async (req, res) => {
    const { options, challenge } = await useCases.passkeyLoginOptions(requestContext(req));
    cookies.passkey.set(res, challenge.token);
    res.json(options);
  });

  router.post('/passkey', sameSite, jsonBody, async (req, res) => {
    signedIn(req, res, cookies.passkey, await useCases.loginWithPasskey(cookies.passkey.read(req), req.body, signIn(req)));
  });

  return router;
};
