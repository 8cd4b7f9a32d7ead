import type express from 'express';
import type { Metrics } from '../metrics/metrics.js';
import type { HotRead } from '../web/assemble-app.js';
import type { ShortLivedCookie } from '../web/cookies/short-lived-cookie.js';
import { API } from '../web/paths.js';
import type { AuthDeps } from '../web/session/auth-deps.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { adminRoutes } from './routes/admin-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { docsRoutes } from './routes/docs-routes.js';
import { forwardAuthRuleRoutes } from './routes/forward-auth-rule-routes.js';
import { groupRoutes } from './routes/group-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { usersMeRead, verifyRead } from './routes/hot-reads.js';
import { inviteRoutes } from './routes/invite-routes.js';
import { mfaRoutes } from './routes/mfa-routes.js';
import { oidcClientRoutes } from './routes/oidc-client-routes.js';
import { oidcGrantRoutes } from './routes/oidc-grant-routes.js';
import { secondStepRoutes } from './routes/second-step-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { tokenRoutes } from './routes/token-routes.js';
import { userRoutes } from './routes/user-routes.js';
import { verifyRoutes } from './routes/verify-routes.js';

export interface ApiFaceDeps {
  auth: AuthDeps;
  /** The second step's cookies: the pending login (gh_mfa, shared with the pages) and the passkey challenge. */
  pending: ShortLivedCookie;
  passkey: ShortLivedCookie;
  metrics?: Metrics;
  /** The OpenAPI document and its viewer are served outside production only. */
  production: boolean;
}

export interface ApiFace {
  /** /users/me and /auth/verify, for the lean lane; the same objects its routers use. */
  hotReads: HotRead[];
  /** The JSON routes under the version prefix. */
  mount(app: express.Express): void;
  /** Health and docs, at the root: every request that reaches them enters them, so they come after every other face. */
  mountLast(app: express.Express): void;
}

/** The JSON API: its routers, mounted at their prefixes, so a request walks only the router that can match it. */
export const apiFace = ({ auth, pending, passkey, metrics, production }: ApiFaceDeps): ApiFace => {
  const hot = { me: usersMeRead(auth), verify: verifyRead(auth) };
  return {
    hotReads: [hot.me, hot.verify],
    mount: (app) => {
      // The checks made on every proxied request and API call (/auth/verify, /users/me) are tried first.
      app.use(`${API}/auth/verify`, verifyRoutes(hot.verify));
      app.use(`${API}/users`, userRoutes(auth, hot.me));
      app.use(`${API}/users/me/oidc-grants`, oidcGrantRoutes(auth));
      app.use(`${API}/auth`, authRoutes(auth, pending, metrics));
      app.use(`${API}/auth`, secondStepRoutes(auth, { pending, passkey }));
      app.use(`${API}/mfa`, mfaRoutes(auth));
      app.use(`${API}/sessions`, sessionRoutes(auth));
      app.use(`${API}/tokens`, tokenRoutes(auth));
      app.use(`${API}/invites`, inviteRoutes(auth));
      app.use(`${API}/admin/oidc`, oidcClientRoutes(auth));
      app.use(`${API}/admin/groups`, groupRoutes(auth));
      app.use(`${API}/admin/forward-auth/rules`, forwardAuthRuleRoutes(auth));
      app.use(`${API}/admin`, adminRoutes(auth));
    },
    mountLast: (app) => {
      app.use(healthRoutes(auth.useCases));
      if (!production) app.use(docsRoutes(buildOpenApiDocument(auth.cookie.name)));
    },
  };
};
