import express from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Clock } from '../core/ports/clock.js';
import { API, PAGES } from '../web/paths.js';
import { DomainError } from '../core/domain/errors.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import type { Metrics } from '../metrics/metrics.js';
import type { AuthDeps } from './authenticate.js';
import { errorHandler } from '../web/errors/error-handler.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { edgeChain } from '../web/edge/edge-chain.js';
import { leanLane } from '../runtime/lean-lane/lean-lane.js';
import { createOriginPolicy } from '../web/session/origin-policy.js';
import { readCookiesLazily } from '../runtime/lazy-cookies.js';
import { usersMeRead, verifyRead } from './routes/hot-reads.js';
import { adminRoutes } from './routes/admin-routes.js';
import { oidcClientRoutes } from './routes/oidc-client-routes.js';
import { oidcGrantRoutes } from './routes/oidc-grant-routes.js';
import { authRoutes } from './routes/auth-routes.js';
import { docsRoutes } from './routes/docs-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { inviteRoutes } from './routes/invite-routes.js';
import { mfaRoutes } from './routes/mfa-routes.js';
import { secondStepRoutes } from './routes/second-step-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { tokenRoutes } from './routes/token-routes.js';
import { userRoutes } from './routes/user-routes.js';
import { verifyRoutes } from './routes/verify-routes.js';
import { createDeviceCookie } from '../web/cookies/device-cookie.js';
import { createSessionCookie } from '../web/cookies/session-cookie.js';
import { createShortLivedCookie } from '../web/cookies/short-lived-cookie.js';
import { AesGcmSecretBox } from '../adapters/aes-gcm-secret-box.js';
import { SystemClock } from '../adapters/system-clock.js';
import { createFlashCookie } from '../pages/flash.js';
import { createInviteCookie } from '../pages/invite-cookie.js';
import { pagesRouter } from '../pages/pages-router.js';
import { rootRedirect } from '../pages/routes/root-redirect.js';
import type { Principal } from '../core/domain/principal.js';
import type { OidcMount } from '../oidc/create-oidc-mount.js';
import { OIDC_PATH } from '../oidc/oidc-settings.js';

export interface AppDeps {
  useCases: UseCases;
  config: Config;
  logger: Logger;
  /** Absent when metrics are off: then nothing is measured and nothing costs. */
  metrics?: Metrics;
  /** The service's clock port, which dated the sessions the cookie carries; the system clock when absent. */
  clock?: Clock;
  /** The lean lane for the hot reads (lean-lane/lean-lane.ts); off only to compare it with the general chain. */
  leanLane?: boolean;
  /** The OpenID provider, mounted at /gatehouse/oidc when given. */
  oidc?: OidcMount;
}

/** The HTTP driving adapter; never listens, so tests drive it with supertest. */
export function createApp({ useCases, config, logger, metrics, clock, oidc, leanLane: lane = true }: AppDeps): express.Express {
  const app = express();
  const production = config.environment === 'production';
  const cookie = createSessionCookie(config, { clock });
  const auth: AuthDeps = { useCases, cookie, origins: createOriginPolicy(config), device: createDeviceCookie(config) };
  const pending = createShortLivedCookie(config, 'gh_mfa');
  const passkey = createShortLivedCookie(config, 'gh_passkey');

  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy); // a hop count: 0 believes no X-Forwarded-For
  // Metrics, request id and access log, headers, connection rules: one chain both lanes run.
  const edge = edgeChain(app, { config, logger, metrics });
  const hot = { me: usersMeRead(auth), verify: verifyRead(auth) };
  if (lane) app.use(leanLane(edge, [hot.me, hot.verify]));
  app.use(edge);
  readCookiesLazily(app);

  // Mounted at their prefixes, so a request walks only the router that can match it; the checks
  // made on every proxied request and API call (/auth/verify, /users/me) are tried first.
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
  app.use(`${API}/admin`, adminRoutes(auth));
  // The browser face: its own prefix, its own errors (pages, not problem+json).
  const box = new AesGcmSecretBox(config.secretKey, config.secretKeyPrevious);
  const flash = createFlashCookie(config, box, clock ?? new SystemClock());
  const invite = createInviteCookie(config, box, clock);
  const pages = { useCases, auth, config, pending, flash, invite, logger, formActionOriginsFor: oidc ? oidc.formActionOriginsFor : async () => [] };
  // Before the pages: the provider's interactions and endpoints live under /gatehouse/oidc.
  if (oidc) app.use(OIDC_PATH, oidc.router(pages));
  const connectedApps = async (principal: Principal) => (await useCases.listMyOidcGrants(principal)).map(({ clientId, name }) => ({ clientId, name }));
  app.use(PAGES, pagesRouter(pages, oidc ? { connectedApps } : {}));
  app.get('/', rootRedirect(pages));
  // Routers mounted at the root are entered by every request that reaches them: they come last.
  app.use(healthRoutes(useCases));
  if (!production) app.use(docsRoutes(buildOpenApiDocument(cookie.name)));

  app.use(() => {
    throw new DomainError('not_found');
  });
  app.use(errorHandler(logger));
  return app;
}
