import { API } from '../../web/paths.js';
import { principalOf, signedIn, type AuthDeps } from '../authenticate.js';
import { requireForwardedSameOrigin } from '../../web/session/csrf.js';
import { toUserOut } from '../representations.js';
import type { HotRead } from '../../web/assemble-app.js';
import { verifiedIdentity } from '../verified-identity.js';
import { forwardedRequestOf } from '../forwarded-request.js';
import { headerValue } from '../header-value.js';
import { DomainError } from '../../core/domain/errors.js';
import type { AccessDecision } from '../../core/domain/access-policy.js';

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

/** What the door's decision means for the proxy: only an allowed request is vouched for. */
const refusalOf = (decision: AccessDecision): DomainError | null => {
  if (decision === 'allow') return null;
  // A session without the rule's second-factor proof: 401, so the proxy sends the browser to sign in, which asks for it.
  if (decision === 'second_factor_needed' || decision === 'second_factor_setup_needed') return new DomainError('not_authenticated');
  return new DomainError('access_denied');
};

/**
 * GET /auth/verify: forward auth for reverse proxies (nginx auth_request, Traefik forwardAuth,
 * Caddy forward_auth) and a cheap "who is this?" for an application's backend. No body: the
 * answer is the status and the X-Gatehouse-* headers, which a proxy copies onto the request it
 * lets through. The forward-auth rule of the forwarded host and path decides (no rule: any
 * signed-in user), read at each request; the headers are sent whether or not a value is empty,
 * so a proxy that copies them overwrites whatever the client sent under those names.
 */
export const verifyRead = (deps: AuthDeps): HotRead => ({
  template: `${API}/auth/verify`,
  handlers: [
    requireForwardedSameOrigin(deps.origins, deps.cookie),
    signedIn(deps),
    async (req, res) => {
      const principal = principalOf(res);
      const verdict = await deps.useCases.decideForwardAuth(principal, forwardedRequestOf(req));
      const refusal = refusalOf(verdict.decision);
      if (refusal) throw refusal;
      const identity = await verifiedIdentity(deps.useCases, principal);
      res.set({
        'X-Gatehouse-User-Id': headerValue(identity.userId),
        'X-Gatehouse-Email': headerValue(identity.email),
        'X-Gatehouse-Mfa': String(identity.mfa),
        'X-Gatehouse-Username': headerValue(verdict.username ?? ''),
        'X-Gatehouse-Groups': verdict.groups.map(headerValue).join(','),
      });
      res.status(204).end();
    },
  ],
});
