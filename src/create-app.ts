import type express from 'express';
import type { Logger } from 'pino';
import { AesGcmSecretBox } from './adapters/aes-gcm-secret-box.js';
import { SystemClock } from './adapters/system-clock.js';
import { apiFace } from './api/api-face.js';
import type { Config } from './config/config.js';
import type { Principal } from './core/domain/principal.js';
import type { Clock } from './core/ports/clock.js';
import type { UseCases } from './core/use-cases/use-cases.js';
import type { Metrics } from './metrics/metrics.js';
import type { OidcMount } from './oidc/create-oidc-mount.js';
import { createFlashCookie } from './pages/flash.js';
import { createInviteCookie } from './pages/invite-cookie.js';
import { pagesRouter } from './pages/pages-router.js';
import { providerPages } from './pages/provider-pages.js';
import { interactionPages } from './pages/routes/interaction-pages.js';
import { rootRedirect } from './pages/routes/root-redirect.js';
import { assembleApp } from './web/assemble-app.js';
import { createShortLivedCookie } from './web/cookies/short-lived-cookie.js';
import { DEVICE_PATH, OIDC_PATH, PAGES, USERINFO_PATH } from './web/paths.js';
import { createAuthDeps } from './web/session/auth-deps.js';

export interface AppDeps {
  useCases: UseCases;
  config: Config;
  logger: Logger;
  /** Absent when metrics are off: then nothing is measured and nothing costs. */
  metrics?: Metrics;
  /** The service's clock port, which dated the sessions the cookie carries; the system clock when absent. */
  clock?: Clock;
  /** The lean lane for the hot reads (runtime/lean-lane/lean-lane.ts) and userinfo (oidc/lean-userinfo.ts); off only to compare them with the general ways. */
  leanLane?: boolean;
  /** The OpenID provider, mounted at /gatehouse/oidc when given. */
  oidc?: OidcMount;
}

/**
 * The web's composition root: the one place the faces are wired to each other and handed to the app.
 * Never listens, so tests drive it with supertest.
 */
export function createApp({ useCases, config, logger, metrics, clock, oidc, leanLane = true }: AppDeps): express.Express {
  const auth = createAuthDeps(config, useCases, clock);
  const pending = createShortLivedCookie(config, 'gh_mfa');
  const passkey = createShortLivedCookie(config, 'gh_passkey');
  const api = apiFace({ auth, pending, passkey, metrics, production: config.environment === 'production' });
  // The provider meets the pages only here: it shows their pages, and they ask it through its interactions.
  const attached = oidc?.attach({ auth, pages: providerPages, leanLane });

  // The browser face: its own prefix, its own errors (pages, not problem+json).
  const box = new AesGcmSecretBox(config.secretKey, config.secretKeyPrevious);
  const flash = createFlashCookie(config, box, clock ?? new SystemClock());
  const invite = createInviteCookie(config, box, clock);
  const pages = { useCases, auth, config, pending, flash, invite, logger, formActionOriginsFor: oidc ? oidc.formActionOriginsFor : async () => [] };
  const connectedApps = async (principal: Principal) => (await useCases.listMyOidcGrants(principal)).map(({ clientId, name }) => ({ clientId, name }));

  return assembleApp({
    config,
    logger,
    metrics,
    leanLane,
    hotReads: api.hotReads,
    faces: [
      // Many applications call userinfo at each of their own requests: its lean way is tried before any router is walked.
      (app) => {
        if (attached?.userinfo) app.get(USERINFO_PATH, attached.userinfo);
      },
      api.mount,
      // Before the pages: the provider's interactions and endpoints live under /gatehouse/oidc.
      (app) => {
        if (!attached) return;
        app.use(OIDC_PATH, interactionPages({ useCases, auth, interactions: attached.interactions }));
        app.use(OIDC_PATH, attached.router);
        app.use(DEVICE_PATH, attached.device);
      },
      (app) => app.use(PAGES, pagesRouter(pages, oidc ? { connectedApps } : {})),
      (app) => app.get('/', rootRedirect(pages)),
      // Routers mounted at the root are entered by every request that reaches them: they come last.
      api.mountLast,
    ],
  });
}
