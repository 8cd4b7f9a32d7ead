import { Router, type Request, type Response } from 'express';
import type { LoginResult } from '../../core/use-cases/views.js';
import type { Metrics } from '../../metrics/metrics.js';
import { principalOf, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { countOutcome } from '../count-outcome.js';
import { presentedSessionToken, signInContextOf } from '../../web/session/credentials.js';
import { rejectForeignOrigin, requireOwnOrigin } from '../../web/session/csrf.js';
import { finishSignIn, signOut } from '../../web/session/sign-in-finish.js';
import { jsonBody } from '../json-body.js';
import { toUserOut } from '../representations.js';
import type { ShortLivedCookie } from '../../web/cookies/short-lived-cookie.js';

const UNCOUNTED: Pick<Metrics, 'countLogin' | 'countRegistration'> = { countLogin: () => {}, countRegistration: () => {} };

export const authRoutes = (deps: AuthDeps, pendingCookie: ShortLivedCookie, metrics = UNCOUNTED): Router => {
  const { useCases, cookie, origins } = deps;
  const router = Router();
  const sameSite = rejectForeignOrigin(origins);
  // Login and recovery end alike: a session, or for a user with a second factor only the pending
  // login's cookie, which nothing but the second step accepts.
  const answerLogin = (req: Request, res: Response, result: LoginResult): void => {
    if (result.kind === 'second_step_pending') {
      pendingCookie.set(res, result.pending.token);
      res.status(200).json({ mfa_required: true, methods: result.methods });
      return;
    }
    finishSignIn(deps, req, res, result);
    res.status(200).json(toUserOut(result.user));
  };

  router.post('/register', sameSite, jsonBody, async (req, res) => {
    const context = signInContextOf(req, deps);
    const { user, session } = await countOutcome(metrics.countRegistration, () => useCases.registerWithInvite(req.body, context));
    finishSignIn(deps, req, res, { session });
    res.status(201).json(toUserOut(user));
  });

  router.post('/login', sameSite, jsonBody, async (req, res) => {
    const context = signInContextOf(req, deps);
    const result = await countOutcome(
      metrics.countLogin,
      () => useCases.login(req.body, context),
      (outcome) => (outcome.kind === 'second_step_pending' ? 'mfa_required' : 'succeeded'),
    );
    answerLogin(req, res, result);
  });

  // Like login: a foreign page may not set our cookie; the use case ends whatever cookie came along.
  router.post('/recover', sameSite, jsonBody, async (req, res) => {
    const context = signInContextOf(req, deps);
    answerLogin(req, res, await useCases.recoverAccount(req.body, context));
  });

  router.post('/logout', requireOwnOrigin(origins, cookie), async (req, res) => {
    await signOut(deps, req, res, presentedSessionToken(req, cookie));
    res.status(204).end();
  });

  router.post('/step-up', signedInWithSession(deps), jsonBody, async (req, res) => {
    cookie.set(res, await useCases.stepUp(principalOf(res), req.body));
    res.status(204).end();
  });

  router.post('/step-up/passkey/options', signedInWithSession(deps), async (_req, res) => {
    res.json(await useCases.stepUpPasskeyOptions(principalOf(res)));
  });

  router.post('/step-up/passkey', signedInWithSession(deps), jsonBody, async (req, res) => {
    cookie.set(res, await useCases.stepUpWithPasskey(principalOf(res), req.body));
    res.status(204).end();
  });

  return router;
};
