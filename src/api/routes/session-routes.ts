import { Router } from 'express';
import { principalOf, signedIn, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { pathId } from '../path-id.js';
import { toSessionOut } from '../representations.js';

export const sessionRoutes = (deps: AuthDeps): Router => {
  const { useCases, cookie } = deps;
  const router = Router();

  router.get('/', signedIn(deps), async (_req, res) => {
    const sessions = await useCases.listSessions(principalOf(res));
    res.json(sessions.map(toSessionOut));
  });

  router.post('/revoke-others', signedInWithSession(deps), async (_req, res) => {
    await useCases.revokeOtherSessions(principalOf(res));
    res.status(204).end();
  });

  router.delete('/:id', signedIn(deps), async (req, res) => {
    const { wasCurrent } = await useCases.revokeSession(principalOf(res), pathId(req));
    // Revoking the session that made the request is a logout.
    if (wasCurrent) cookie.expire(res);
    res.status(204).end();
  });

  return router;
};
