import type { Request, RequestHandler, Router } from 'express';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Ports } from '../core/ports/ports.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import type { Metrics } from '../metrics/metrics.js';
import type { OidcInteractions, ProviderPages } from '../web/oidc-interactions.js';
import type { AuthDeps } from '../web/session/auth-deps.js';
import { assertNoDevInteractions, createProvider, providerConfiguration, type ProviderDeps } from './create-provider.js';
import { impliedConsentMark } from './implied-consent.js';
import { oidcInteractions } from './interactions.js';
import { signInOf } from './oidc-request-state.js';
import { renderProviderError } from './oidc-pages.js';
import { formActionOriginsFor, logoutSource, oidcRouter } from './oidc-router.js';
import { ProviderHolder } from './provider-holder.js';
import { leanUserinfo } from './lean-userinfo.js';
import { deviceFlowFeature } from './device-flow.js';
import { deviceRouter } from './device-router.js';
import { BackchannelRelay } from './backchannel-relay.js';
import { backchannelSender, silenceProviderBackchannel } from './backchannel-sender.js';

export interface OidcMountDeps {
  useCases: UseCases;
  ports: Pick<Ports, 'oidcPayloads' | 'oidcClients' | 'clock' | 'backchannel'>;
  config: Pick<Config, 'publicOrigin' | 'secretKey' | 'secretKeyPrevious' | 'oidcEmailsVerified' | 'environment'>;
  logger: Logger;
  metrics?: Metrics;
  /** Epoch milliseconds for the provider's storage decisions; the service clock otherwise. */
  now?: () => number;
  /** Only for the spec that proves the service refuses unsafe settings. */
  unsafeOverrides?: Partial<Configuration>;
}

/** What the provider needs of the app it joins: who the browser is, and the pages it shows from inside its answers. */
export interface OidcAttachment {
  auth: AuthDeps;
  pages: ProviderPages;
  /** The lean userinfo ahead of the provider (lean-userinfo.ts); off only to compare it with the provider's own. */
  leanLane?: boolean;
}

/** The provider joined to an app: its own routes, and what the interaction pages may ask of it. */
export interface AttachedOidc {
  /** The lean userinfo (lean-userinfo.ts), mounted at GET /gatehouse/oidc/me ahead of every router; absent with the lean lane off. */
  userinfo?: RequestHandler;
  /** Mounted at /gatehouse/oidc, after the interaction pages. */
  router: Router;
  interactions: OidcInteractions;
  /** Mounted at /gatehouse/device: where a person enters a device's code. */
  device: Router;
}

/** The provider, ready to join the app (src/create-app.ts), and the pages' form-action hook. */
export interface OidcMount {
  attach(to: OidcAttachment): AttachedOidc;
  formActionOriginsFor(req: Request, returnTo: string | null): Promise<string[]>;
}

/** Pages for the start-up settings check only: that configuration never answers a request. */
const NO_PAGES: ProviderPages = {
  logoutConfirmation: () => {
    throw new Error('the OpenID provider is not attached');
  },
  providerError: () => {
    throw new Error('the OpenID provider is not attached');
  },
  deviceCode: () => {
    throw new Error('the OpenID provider is not attached');
  },
  deviceDone: () => {
    throw new Error('the OpenID provider is not attached');
  },
};

/**
 * The OpenID provider, ready to mount. The settings are checked here, at start-up
 * (development interactions refuse the start); the provider itself is made at the first request
 * that finds the signing keys, so an un-migrated database does not stop the service from starting.
 */
export const createOidcMount = (deps: OidcMountDeps): OidcMount => {
  const { ports, useCases, logger, metrics } = deps;
  const now = deps.now ?? (() => ports.clock.now().getTime());
  const mark = impliedConsentMark(deps.config.secretKey);
  const providerDeps = (keys: ProviderDeps['keys'], { auth, pages }: { auth: AuthDeps | null; pages: ProviderPages }): ProviderDeps => ({
    useCases,
    rememberedGrant: useCases.findRememberedOidcConsent,
    payloads: ports.oidcPayloads,
    clients: ports.oidcClients,
    config: deps.config,
    keys,
    now,
    impliedConsentMark: mark,
    logoutSource: auth ? logoutSource({ auth, pages, config: deps.config, now }) : async () => undefined,
    renderError: renderProviderError(pages),
    deviceFlow: deviceFlowFeature(pages),
    unsafeOverrides: deps.unsafeOverrides,
  });
  assertNoDevInteractions(providerConfiguration(providerDeps([], { auth: null, pages: NO_PAGES })));

  return {
    attach: (attachment) => {
      const holder = new ProviderHolder(
        async () => (await useCases.loadOidcSigningKeys()).map((jwk) => JSON.parse(jwk) as JWK),
        (keys) => {
          const provider = createProvider(providerDeps(keys, attachment));
          silenceProviderBackchannel(provider);
          provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
            const principal = signInOf(ctx.req)?.principal;
            const clientId = ctx.oidc.client?.clientId;
            if (principal && clientId) useCases.recordOidcEvent(principal, 'oidc_signed_in', clientId).catch((error: unknown) => logger.error({ err: error }, 'oidc_signed_in not recorded'));
          });
          provider.on('grant.success', (ctx: KoaContextWithOIDC) => metrics?.countOidcToken(String(ctx.oidc.params?.grant_type ?? 'unknown'), 'succeeded'));
          provider.on('grant.error', (ctx: KoaContextWithOIDC, error: { error?: string }) => metrics?.countOidcToken(String(ctx.oidc.params?.grant_type ?? 'unknown'), error.error ?? 'server_error'));
          provider.on('server_error', (_ctx: KoaContextWithOIDC, error: unknown) => logger.error({ err: error }, 'OpenID provider error'));
          return provider;
        },
        now,
      );
      if (ports.backchannel instanceof BackchannelRelay) ports.backchannel.attach(backchannelSender(() => holder.get()));
      const router = oidcRouter({ auth: attachment.auth, holder, logger, impliedConsentMark: mark });
      return {
        ...(attachment.leanLane !== false && { userinfo: leanUserinfo({ holder, useCases, emailsVerified: deps.config.oidcEmailsVerified }) }),
        router,
        interactions: oidcInteractions({ holder, useCases, logger, now }),
        device: deviceRouter({ provider: router, attempts: useCases.deviceCodeAttempts, pages: attachment.pages, logger }),
      };
    },
    formActionOriginsFor: formActionOriginsFor(ports.oidcPayloads),
  };
};
