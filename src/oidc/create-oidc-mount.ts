import type { Request, Router } from 'express';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Ports } from '../core/ports/ports.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import type { Metrics } from '../metrics/metrics.js';
import type { PagesDeps } from '../pages/pages-deps.js';
import { assertNoDevInteractions, createProvider, providerConfiguration, type ProviderDeps } from './create-provider.js';
import { impliedConsentMark } from './implied-consent.js';
import { signInOf } from './oidc-request-state.js';
import { renderProviderError } from './oidc-pages.js';
import { formActionOriginsFor, logoutSource, oidcRouter } from './oidc-router.js';
import { ProviderHolder } from './provider-holder.js';
import { loadSigningKeys } from './signing-keys.js';

export interface OidcMountDeps {
  useCases: UseCases;
  ports: Pick<Ports, 'oidcPayloads' | 'oidcClients' | 'oidcKeys' | 'secretBox' | 'clock'>;
  config: Pick<Config, 'publicOrigin' | 'secretKey' | 'secretKeyPrevious' | 'oidcEmailsVerified' | 'environment'>;
  logger: Logger;
  metrics?: Metrics;
  /** Epoch milliseconds for the provider's storage decisions; the service clock otherwise. */
  now?: () => number;
  /** Only for the spec that proves the service refuses unsafe settings. */
  unsafeOverrides?: Partial<Configuration>;
}

/** What createApp mounts at /gatehouse/oidc, and the pages' form-action hook. */
export interface OidcMount {
  router(pages: PagesDeps): Router;
  formActionOriginsFor(req: Request, returnTo: string | null): Promise<string[]>;
}

/**
 * The OpenID provider, ready to mount. The settings are checked here, at start-up
 * (development interactions refuse the start); the provider itself is made at the first request
 * that finds the signing keys, so an un-migrated database does not stop the service from starting.
 */
export const createOidcMount = (deps: OidcMountDeps): OidcMount => {
  const { ports, useCases, logger, metrics } = deps;
  const now = deps.now ?? (() => ports.clock.now().getTime());
  let pages: PagesDeps | null = null;
  const mark = impliedConsentMark(deps.config.secretKey);
  const providerDeps = (keys: ProviderDeps['keys']): ProviderDeps => ({
    useCases,
    payloads: ports.oidcPayloads,
    clients: ports.oidcClients,
    config: deps.config,
    keys,
    now,
    impliedConsentMark: mark,
    logoutSource: (ctx, form) => {
      if (!pages) throw new Error('the OpenID router was not mounted');
      return logoutSource(pages, now)(ctx, form);
    },
    renderError: renderProviderError,
    unsafeOverrides: deps.unsafeOverrides,
  });
  assertNoDevInteractions(providerConfiguration(providerDeps([])));

  const holder = new ProviderHolder(
    () => loadSigningKeys(ports.oidcKeys, ports.secretBox, new Date(now())),
    (keys) => {
      const provider = createProvider(providerDeps(keys));
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
  return {
    router: (mounted) => {
      pages = mounted;
      return oidcRouter({ pages: mounted, holder, payloads: ports.oidcPayloads, logger, metrics, now, impliedConsentMark: mark });
    },
    formActionOriginsFor: formActionOriginsFor(ports.oidcPayloads),
  };
};
