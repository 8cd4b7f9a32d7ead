import { Router } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toOidcClientCreatedOut, toOidcClientOut } from '../oidc-representations.js';

/**
 * /api/v1/admin/oidc/clients: reads with an admin's cookie or token; creating, changing and
 * deleting are admin changes (cookie with recent authentication), checked by the use cases.
 */
export const oidcClientRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  router.post('/clients', signedIn(deps), jsonBody, async (req, res) => {
    res.status(201).json(toOidcClientCreatedOut(await useCases.createOidcClient(principalOf(res), req.body)));
  });
  router.get('/clients', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listOidcClients(principalOf(res))).map(toOidcClientOut));
  });
  router.get('/clients/:clientId', signedIn(deps), async (req, res) => {
    res.json(toOidcClientOut(await useCases.getOidcClient(principalOf(res), String(req.params.clientId))));
  });
  router.patch('/clients/:clientId', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toOidcClientOut(await useCases.updateOidcClient(principalOf(res), String(req.params.clientId), req.body)));
  });
  router.delete('/clients/:clientId', signedIn(deps), async (req, res) => {
    await useCases.deleteOidcClient(principalOf(res), String(req.params.clientId));
    res.status(204).end();
  });

  return router;
};
