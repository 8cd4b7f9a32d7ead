import { Router } from 'express';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { requireForwardedSameOrigin } from '../csrf.js';
import { verifiedIdentity } from '../verified-identity.js';

/**
 * GET /auth/verify: forward auth for reverse proxies (nginx auth_request, Traefik forwardAuth,
 * Caddy forward_auth) and a cheap "who is this?" for an application's backend. No body: the
 * answer is the status and three headers, which a proxy copies onto the request it lets through.
 */
export const verifyRoutes = (deps: AuthDeps): Router => {
  const router = Router();
  const forwardedSameOrigin = requireForwardedSameOrigin(deps.origins, deps.cookie);

  router.get('/', forwardedSameOrigin, signedIn(deps), async (_req, res) => {
    const identity = await verifiedIdentity(deps.useCases, principalOf(res));
    res.set({
      'X-Gatehouse-User-Id': identity.userId,
      'X-Gatehouse-Email': identity.email,
      'X-Gatehouse-Mfa': String(identity.mfa),
    });
    res.status(204).end();
  });

  return router;
};
