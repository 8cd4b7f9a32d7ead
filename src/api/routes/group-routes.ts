import { Router, type Request } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toGroupOut } from '../access-representations.js';
import { toAdminUserOut, toPageOut } from '../representations.js';

/** The raw path ids: the use cases answer 403 to a member before 404 to a malformed id. */
const group = (req: Request): { id: string } => ({ id: String(req.params.id) });
const member = (req: Request): { id: string } => ({ id: String(req.params.userId) });

/**
 * /api/v1/admin/groups: reads with an admin's cookie or token; changes are admin changes (cookie
 * with recent authentication), checked by the use cases. Membership changes are idempotent.
 */
export const groupRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  router.post('/', signedIn(deps), jsonBody, async (req, res) => {
    res.status(201).json(toGroupOut(await useCases.createGroup(principalOf(res), req.body)));
  });
  router.get('/', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listGroups(principalOf(res))).map(toGroupOut));
  });
  router.get('/:id', signedIn(deps), async (req, res) => {
    res.json(toGroupOut(await useCases.getGroup(principalOf(res), group(req))));
  });
  router.patch('/:id', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toGroupOut(await useCases.updateGroup(principalOf(res), group(req), req.body)));
  });
  // A group a policy names is GroupInUseError: the error handler lists where it is used.
  router.delete('/:id', signedIn(deps), async (req, res) => {
    await useCases.deleteGroup(principalOf(res), group(req));
    res.status(204).end();
  });

  router.get('/:id/members', signedIn(deps), async (req, res) => {
    res.json(toPageOut(await useCases.listGroupMembers(principalOf(res), group(req), req.query), toAdminUserOut));
  });
  router.put('/:id/members/:userId', signedIn(deps), async (req, res) => {
    await useCases.addGroupMember(principalOf(res), group(req), member(req));
    res.status(204).end();
  });
  router.delete('/:id/members/:userId', signedIn(deps), async (req, res) => {
    await useCases.removeGroupMember(principalOf(res), group(req), member(req));
    res.status(204).end();
  });

  return router;
};
