import { Router } from 'express';
import type { AuthDeps } from '../authenticate.js';
import { presentedSessionToken } from '../credentials.js';
import { rejectForeignOrigin, requireSameOrigin } from '../csrf.js';
import { jsonBody } from '../json-body.js';
import { toUserOut } from '../representations.js';
import { requestContext } from '../request-context.js';

export const authRoutes = ({ useCases, cookie, origins }: AuthDeps): Router => {
  const router = Router();
  const sameSite = rejectForeignOrigin(origins);

  router.post('/register', sameSite, jsonBody, async (req, res) => {
    const previous = presentedSessionToken(req, cookie);
    const { user, session } = await useCases.registerWithInvite(req.body, requestContext(req));
    // The browser's earlier session is replaced by this cookie; end it rather than orphan it.
    if (previous) await useCases.logout(previous);
    cookie.set(res, session);
    res.status(201).json(toUserOut(user));
  });

  router.post('/login', sameSite, jsonBody, async (req, res) => {
    // Whatever cookie came along is killed by the use case (session fixation), bearer or not.
    const presented = cookie.read(req);
    const { user, session } = await useCases.login(req.body, { ...requestContext(req), presentedSessionToken: presented });
    cookie.set(res, session);
    res.status(200).json(toUserOut(user));
  });

  router.post('/logout', requireSameOrigin(origins, cookie), async (req, res) => {
    await useCases.logout(presentedSessionToken(req, cookie));
    cookie.expire(res);
    res.status(204).end();
  });

  return router;
};
