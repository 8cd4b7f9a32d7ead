import { API } from '../../web/paths.js';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { requireForwardedSameOrigin } from '../../web/session/csrf.js';
import { toUserOut } from '../representations.js';
import type { HotRead } from '../../web/assemble-app.js';
import { verifiedIdentity } from '../verified-identity.js';

// Declared by the lean lane, which runtime holds and which may not import a face; re-exported for the routes
// and spec/unit/http/lean-lane.spec.ts.
export type { HotRead };

/** GET /users/me: the signed-in user; open to a session held to MFA enrolment. */
export const usersMeRead = (deps: AuthDeps): HotRead => ({
  template: `${API}/users/me`,
  handlers: [
    signedIn(deps, { duringEnrolment: true }),
    async (_req, res) => {
      res.json(toUserOut(await deps.useCases.getMe(principalOf(res))));
    },
  ],
});

/**
 * GET /auth/verify: forward auth for reverse proxies (nginx auth_request, Traefik forwardAuth,
 * Caddy forward_auth) and a cheap "who is this?" for an application's backend. No body: the
 * answer is the status and three headers, which a proxy copies onto the request it lets through.
 */
export const verifyRead = (deps: AuthDeps): HotRead => ({
  template: `${API}/auth/verify`,
  handlers: [
    requireForwardedSameOrigin(deps.origins, deps.cookie),
    signedIn(deps),
    async (_req, res) => {
      const identity = await verifiedIdentity(deps.useCases, principalOf(res));
      res.set({
        'X-Gatehouse-User-Id': identity.userId,
        'X-Gatehouse-Email': identity.email,
        'X-Gatehouse-Mfa': String(identity.mfa),
      });
      res.status(204).end();
    },
  ],
});
