import { Router } from 'express';
import { principalOf, signedIn, signedInWithSession, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { pathId } from '../path-id.js';
import { toApiTokenOut } from '../representations.js';

export const tokenRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  // A credential never mints a credential: a leaked token cannot make itself a permanent twin.
  router.post('/', signedInWithSession(deps), jsonBody, async (req, res) => {
    const { token, secret } = await useCases.createApiToken(principalOf(res), req.body);
    // The secret is shown here once; only its hash is kept.
    res.status(201).json({ ...toApiTokenOut(token), token: secret });
  });

  router.get('/', signedIn(deps), async (_req, res) => {
    const tokens = await useCases.listApiTokens(principalOf(res));
    res.json(tokens.map(toApiTokenOut));
  });

  router.delete('/:id', signedIn(deps), async (req, res) => {
    await useCases.revokeApiToken(principalOf(res), pathId(req));
    res.status(204).end();
  });

  return router;
};
