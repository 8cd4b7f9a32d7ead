import { Router } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { toOidcGrantOut } from '../oidc-representations.js';

/** /api/v1/users/me/oidc-grants: the caller's connected applications (cookie or token). */
export const oidcGrantRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  router.get('/', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listMyOidcGrants(principalOf(res))).map(toOidcGrantOut));
  });
  router.delete('/:clientId', signedIn(deps), async (req, res) => {
    await useCases.revokeMyOidcGrant(principalOf(res), String(req.params.clientId));
    res.status(204).end();
  });

  return router;
};
