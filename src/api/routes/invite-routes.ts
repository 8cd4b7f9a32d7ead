import { Router } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toInviteOut } from '../representations.js';

export const inviteRoutes = (deps: AuthDeps): Router => {
  const router = Router();

  // Admins only; the use case answers 403 forbidden for a member.
  router.post('/', signedIn(deps), jsonBody, async (req, res) => {
    const { invite, code } = await deps.useCases.createInvite(principalOf(res), req.body);
    res.status(201).json({ ...toInviteOut(invite), code });
  });

  return router;
};
