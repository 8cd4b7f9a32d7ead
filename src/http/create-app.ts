import express from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Clock } from '../core/ports/clock.js';
import { API } from './api-path.js';
import { DomainError } from '../core/domain/errors.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import type { Metrics } from '../metrics/metrics.js';
import type { AuthDeps } from './authenticate.js';
import { errorHandler } from './error-handler.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { closeAfterOversizedBody } from './declared-length.js';
import { hasMalformedTarget } from './request-target.js';
import { limitRequestsInFlight } from './requests-in-flight.js';
import { HttpProblem } from './problem.js';
import { refuseTooManyHeaders } from './header-count.js';
import { createOriginPolicy } from './origin-policy.js';
import { requestId } from './request-id.js';
import { readCookiesLazily } from './lazy-cookies.js';
import { requestMetrics } from './request-metrics.js';
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
import { createDeviceCookie } from './device-cookie.js';
import { securityHeaders } from './security-headers.js';
import { createSessionCookie } from './session-cookie.js';
import { createShortLivedCookie } from './short-lived-cookie.js';
import { AesGcmSecretBox } from '../adapters/aes-gcm-secret-box.js';
import { createFlashCookie } from '../pages/flash.js';
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
  /** The OpenID provider (CONTRACT §16), mounted at /gatehouse/oidc when given. */
  oidc?: OidcMount;
}

/** The HTTP driving adapter; never listens, so tests drive it with supertest. */
export function createApp({ useCases, config, logger, metrics, clock, oidc }: AppDeps): express.Express {
  const app = express();
  const production = config.environment === 'production';
  const cookie = createSessionCookie(config, { clock });
  const auth: AuthDeps = { useCases, cookie, origins: createOriginPolicy(config), device: createDeviceCookie(config) };
  const pending = createShortLivedCookie(config, 'gh_mfa');
  const passkey = createShortLivedCookie(config, 'gh_passkey');

  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy); // a hop count: 0 believes no X-Forwarded-For
  if (metrics) app.use(requestMetrics(metrics));
  app.use(requestId(logger));
  securityHeaders(app, config); // on every answer of this app, a 413 or a 404 included
  app.use(closeAfterOversizedBody, refuseTooManyHeaders);
  // Behind a trusted proxy, one client is its forwarded address: its share is requests in flight.
  if (config.trustProxy > 0 && config.connectionsPerAddress > 0) app.use(limitRequestsInFlight(config.connectionsPerAddress));
  // A target with credentials, another scheme or no path at all: answered (and logged) as unmatched.
  app.use((req, _res, next) => next(hasMalformedTarget(req) ? new HttpProblem('malformed_request') : undefined));
  // No CORS is offered: OPTIONS is an unknown method on every path (the router would answer 200 with Allow).
  app.use((req, _res, next) => next(req.method === 'OPTIONS' ? new DomainError('not_found') : undefined));
  readCookiesLazily(app);

  // Mounted at their prefixes, so a request walks only the router that can match it; the checks
  // made on every proxied request and API call (/auth/verify, /users/me) are tried first.
  app.use(`${API}/auth/verify`, verifyRoutes(auth));
  app.use(`${API}/users`, userRoutes(auth));
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
  const flash = createFlashCookie(config, new AesGcmSecretBox(config.secretKey, config.secretKeyPrevious));
  const pages = { useCases, auth, config, pending, flash, logger, formActionOriginsFor: oidc ? oidc.formActionOriginsFor : async () => [] };
  // Before the pages: the provider's interactions and endpoints live under /gatehouse/oidc.
  if (oidc) app.use(OIDC_PATH, oidc.router(pages));
  const connectedApps = async (principal: Principal) => (await useCases.listMyOidcGrants(principal)).map(({ clientId, name }) => ({ clientId, name }));
  app.use('/gatehouse', pagesRouter(pages, oidc ? { connectedApps } : {}));
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
