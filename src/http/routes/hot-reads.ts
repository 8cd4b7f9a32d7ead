import type { RequestHandler } from 'express';
import { API } from '../api-path.js';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { requireForwardedSameOrigin } from '../csrf.js';
import { toUserOut } from '../representations.js';
import { verifiedIdentity } from '../verified-identity.js';

/** A read answered by the same handlers whichever way it arrives: its router, or the lean lane. */
export interface HotRead {
  /** The route template, as the access log and the metrics name it. */
  template: string;
  handlers: RequestHandler[];
}

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
