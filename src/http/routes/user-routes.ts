import { Router } from 'express';
import { principalOf, signedIn, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toPageOut, toSecurityEventOut, toUserOut } from '../representations.js';

export const userRoutes = (deps: AuthDeps): Router => {
  const { useCases, cookie } = deps;
  const router = Router();

  router.get('/me', signedIn(deps, { duringEnrolment: true }), async (_req, res) => {
    res.json(toUserOut(await useCases.getMe(principalOf(res))));
  });

  router.get('/me/events', signedIn(deps), async (req, res) => {
    res.json(toPageOut(await useCases.listMyEvents(principalOf(res), req.query), toSecurityEventOut));
  });

  router.patch('/me', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toUserOut(await useCases.updateDisplayName(principalOf(res), req.body)));
  });

  router.put('/me/password', signedInWithSession(deps), jsonBody, async (req, res) => {
    const grant = await useCases.changePassword(principalOf(res), req.body);
    cookie.set(res, grant);
    res.status(204).end();
  });

  router.delete('/me', signedInWithSession(deps), jsonBody, async (req, res) => {
    await useCases.deleteAccount(principalOf(res), req.body);
    cookie.expire(res);
    res.status(204).end();
  });

  return router;
};
