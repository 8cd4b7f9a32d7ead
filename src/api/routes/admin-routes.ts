import { Router, type Request } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { jsonBody } from '../json-body.js';
import { toAdminEventOut, toAdminUserOut, toInviteOut, toPageOut } from '../representations.js';

/** The raw path id: the use case answers 403 to a member before it answers 404 to a malformed id. */
const target = (req: Request): { id: string } => ({ id: String(req.params.id) });

/**
 * /api/v1/admin: a cookie or a token; the use cases read the caller's role from the database at
 * each request (403 forbidden for a member). Routes that change something take no body.
 */
export const adminRoutes = (deps: AuthDeps): Router => {
  const { useCases } = deps;
  const router = Router();

  router.get('/users', signedIn(deps), async (req, res) => {
    res.json(toPageOut(await useCases.listUsers(principalOf(res), req.query), toAdminUserOut));
  });
  router.get('/users/:id', signedIn(deps), async (req, res) => {
    res.json(toAdminUserOut(await useCases.getUser(principalOf(res), target(req).id)));
  });
  router.patch('/users/:id', signedIn(deps), jsonBody, async (req, res) => {
    res.json(toAdminUserOut(await useCases.updateUser(principalOf(res), target(req), req.body)));
  });
  router.post('/users/:id/disable', signedIn(deps), async (req, res) => {
    await useCases.disableUser(principalOf(res), target(req));
    res.status(204).end();
  });
  router.post('/users/:id/enable', signedIn(deps), async (req, res) => {
    await useCases.enableUser(principalOf(res), target(req));
    res.status(204).end();
  });
  router.delete('/users/:id/sessions', signedIn(deps), async (req, res) => {
    await useCases.revokeUserSessions(principalOf(res), target(req));
    res.status(204).end();
  });
  router.delete('/users/:id/mfa', signedIn(deps), async (req, res) => {
    await useCases.resetUserMfa(principalOf(res), target(req));
    res.status(204).end();
  });
  router.post('/users/:id/recovery', signedIn(deps), async (req, res) => {
    const { code, expiresAt } = await useCases.issueAccountRecovery(principalOf(res), target(req));
    res.status(201).json({ code, expires_at: expiresAt.toISOString() });
  });
  router.delete('/users/:id', signedIn(deps), async (req, res) => {
    await useCases.deleteUser(principalOf(res), target(req));
    res.status(204).end();
  });

  router.get('/invites', signedIn(deps), async (_req, res) => {
    res.json((await useCases.listAllInvites(principalOf(res))).map(toInviteOut));
  });
  router.delete('/invites/:id', signedIn(deps), async (req, res) => {
    await useCases.revokeInvite(principalOf(res), target(req).id);
    res.status(204).end();
  });

  router.get('/events', signedIn(deps), async (req, res) => {
    res.json(toPageOut(await useCases.listAllEvents(principalOf(res), req.query), toAdminEventOut));
  });

  return router;
};
