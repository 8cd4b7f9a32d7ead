import { Router, type Request, type RequestHandler, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { OidcPayloadStore } from '../core/ports/oidc-store.js';
import type { ProviderPages } from '../web/oidc-interactions.js';
import type { AuthDeps } from '../web/session/auth-deps.js';
import { signOut } from '../web/session/sign-in-finish.js';
import { hintSpeaksForUser } from './logout-hint.js';
import { rememberSignIn } from './oidc-request-state.js';
import { originOf } from '../web/page-sender.js';
import { sendProviderPage } from './oidc-pages.js';
import { POSTABLE, redirectPostToGet } from './post-as-get.js';
import { IMPLIED_CONSENT, INTERACTION_PATH, OIDC_PATH } from './oidc-settings.js';
import type { ProviderHolder } from './provider-holder.js';
import { dropUnverifiableHint } from './unverifiable-hint.js';

export interface OidcRouterDeps {
  auth: AuthDeps;
  holder: ProviderHolder;
  logger: Logger;
  /** The value of Gatehouse's mark of an implied consent (implied-consent.ts). */
  impliedConsentMark: string;
}

const LOGOUT_CONFIRM = `${OIDC_PATH}/logout/confirm`;

/** The Gatehouse session ends with the RP-initiated logout: the session row and the cookie. */
const endGatehouseSession = async (auth: AuthDeps, req: Request, res: Response): Promise<void> => {
  await signOut(auth, req, res, auth.cookie.read(req));
};

export interface LogoutSourceDeps {
  auth: AuthDeps;
  pages: ProviderPages;
  config: Pick<Config, 'publicOrigin'>;
  now(): number;
}

/**
 * The logout confirmation: our page, posting to our route, which ends the Gatehouse session and
 * hands the provider its own form with a 307. Only an unexpired hint of the signed-in user skips it:
 * the Gatehouse session ends at once and the browser goes back.
 */
export const logoutSource =
  ({ auth, pages, config, now }: LogoutSourceDeps) =>
  async (ctx: KoaContextWithOIDC, form: string): Promise<void> => {
    const req = ctx.req as Request;
    const res = ctx.res as Response;
    const params = ctx.oidc.params ?? {};
    const postLogout = typeof params.post_logout_redirect_uri === 'string' ? params.post_logout_redirect_uri : undefined;
    const signedIn = (await auth.sessions.browserSignIn(req))?.signIn.userId ?? null;
    if (ctx.oidc.client && hintSpeaksForUser(ctx.oidc.entities.IdTokenHint, signedIn, now())) {
      await endGatehouseSession(auth, req, res);
      await ctx.oidc.session?.destroy();
      const target = postLogout ? new URL(postLogout) : new URL('/gatehouse/sign-in', config.publicOrigin);
      if (postLogout && typeof params.state === 'string') target.searchParams.set('state', params.state);
      ctx.status = 303;
      ctx.redirect(target.href);
      return;
    }
    const xsrf = /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? '';
    sendProviderPage(ctx, pages.logoutConfirmation(req, { action: LOGOUT_CONFIRM, xsrf }), 200, originOf(postLogout));
  };

/**
 * The provider's Express side: oidc-provider itself, after the interaction pages (mounted before
 * it). Requests that can start or resume an authorization carry the browser's Gatehouse session to
 * the provider's login check.
 */
export const oidcRouter = (deps: OidcRouterDeps): Router => {
  const { auth, holder } = deps;
  const router = Router();
  router.post(POSTABLE, redirectPostToGet);

  const withProvider =
    (handler: (provider: Provider, req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res) => {
      let provider: Provider;
      try {
        provider = await holder.get();
      } catch (error) {
        deps.logger.warn({ err: error }, 'OpenID provider unavailable: its signing keys could not be read');
        res.status(503).json({ error: 'temporarily_unavailable', error_description: 'the OpenID provider is starting' });
        return;
      }
      await handler(provider, req, res);
    };

  router.use(
    withProvider(async (provider, req, res) => {
      labelProviderRoute(req);
      if (req.path.startsWith('/auth') || req.path.startsWith('/device')) rememberSignIn(req, await auth.sessions.browserSignIn(req, res));
      askConsentForOfflineAccess(req, deps.impliedConsentMark);
      await dropUnverifiableHint(provider, req);
      await callbackOf(provider)(req, res);
    }),
  );
  return router;
};

/** oidc-provider's own endpoints (its default routes, those enabled), as mounted below the issuer. */
const PROVIDER_ROUTES = new Set(['/auth', '/token', '/token/revocation', '/me', '/jwks', '/.well-known/openid-configuration', '/session/end', '/session/end/confirm', '/session/end/success']);

/**
 * Koa answers these, so no Express route matched them: name the endpoint, as the access log and
 * the request metrics read it (route-template.ts), rather than counting the token endpoint and
 * userinfo as unmatched. Anything else the provider refuses stays unmatched.
 */
const labelProviderRoute = (req: Request): void => {
  const path = PROVIDER_ROUTES.has(req.path) ? req.path : /^\/auth\/[^/]+$/.test(req.path) ? '/auth/:uid' : undefined;
  if (path !== undefined) req.route = { path };
};

const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();

/** Koa composes its middleware at each callback() call: once per provider, not per request. */
const callbackOf = (provider: Provider): ReturnType<Provider['callback']> => {
  let callback = callbacks.get(provider);
  if (!callback) {
    callback = provider.callback();
    callbacks.set(provider, callback);
  }
  return callback;
};

/**
 * OpenID Connect grants offline_access only with prompt=consent, and oidc-provider drops the scope
 * otherwise; Grafana, oauth2-proxy and Nextcloud ask for it without. Such a request gets
 * prompt=consent marked as implied (IMPLIED_CONSENT): the consent page then asks only for what the
 * person has not yet allowed, so a remembered consent that includes offline_access is not asked
 * again at every sign-in. The mark is Gatehouse's alone: one a client sends in the query is dropped,
 * and its value, derived from the service key, is one a client cannot write in a POSTed body.
 */
const askConsentForOfflineAccess = (req: Request, mark: string): void => {
  if (req.method !== 'GET' || req.path !== '/auth') return;
  const query = req.url.indexOf('?');
  if (query === -1) return;
  const params = new URLSearchParams(req.url.slice(query + 1));
  const sent = params.has(IMPLIED_CONSENT);
  params.delete(IMPLIED_CONSENT);
  const scope = params.get('scope');
  if (scope !== null && !params.has('prompt') && scope.split(' ').includes('offline_access')) {
    params.set('prompt', 'consent');
    params.set(IMPLIED_CONSENT, mark);
  } else if (!sent) return;
  req.url = `${req.url.slice(0, query)}?${params.toString()}`;
};

/** Origins the sign-in, second-factor and consent pages add to form-action during an authorization. */
export const formActionOriginsFor =
  (payloads: OidcPayloadStore) =>
  async (_req: Request, returnTo: string | null): Promise<string[]> => {
    const prefix = `${INTERACTION_PATH}/`;
    if (!returnTo?.startsWith(prefix)) return [];
    const uid = returnTo.slice(prefix.length).split(/[/?#]/, 1)[0] ?? '';
    if (!uid) return [];
    const found = await payloads.find('Interaction', uid).catch(() => null);
    const params = found?.params as Record<string, unknown> | undefined;
    return originOf(params?.redirect_uri);
  };
