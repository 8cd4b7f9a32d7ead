import { Router } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toForwardAuthRuleOut } from '../access-representations.js';

/**
 * /api/v1/admin/forward-auth/rules: the policies /auth/verify applies by host and path prefix.
 * Reads with an admin's cookie or token; changes are admin changes, checked by the use cases.
 */
export const forwardAuthRuleRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  router.post('/', signedIn(deps), jsonBody, async (req, res) => {
    res.status(201).json(toForwardAuthRuleOut(await useCases.createForwardAuthRule(principalOf(res), req.body)));
  });
  router.get('/', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listForwardAuthRules(principalOf(res))).map(toForwardAuthRuleOut));
  });
  router.get('/:id', signedIn(deps), async (req, res) => {
    res.json(toForwardAuthRuleOut(await useCases.getForwardAuthRule(principalOf(res), String(req.params.id))));
  });
  router.patch('/:id', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toForwardAuthRuleOut(await useCases.updateForwardAuthRule(principalOf(res), String(req.params.id), req.body)));
  });
  router.delete('/:id', signedIn(deps), async (req, res) => {
    await useCases.deleteForwardAuthRule(principalOf(res), String(req.params.id));
    res.status(204).end();
  });

  return router;
};
