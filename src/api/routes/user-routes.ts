import { Router } from 'express';
import { principalOf, signedIn, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toGroupRefOut } from '../access-representations.js';
import { toPageOut, toSecurityEventOut, toUserOut } from '../representations.js';
import type { HotRead } from './hot-reads.js';

/** `me` is GET /users/me (routes/hot-reads.ts), shared with the lean lane. */
export const userRoutes = (deps: AuthDeps, me: HotRead): Router => {
  const { useCases, cookie } = deps;
  const router = Router();

  router.get('/me', ...me.handlers);

  router.get('/me/events', signedIn(deps), async (req, res) => {
    res.json(toPageOut(await useCases.listMyEvents(principalOf(res), req.query), toSecurityEventOut));
  });

  router.get('/me/groups', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listMyGroups(principalOf(res))).map(toGroupRefOut));
  });

  router.patch('/me', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toUserOut(await useCases.updateMe(principalOf(res), req.body)));
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
