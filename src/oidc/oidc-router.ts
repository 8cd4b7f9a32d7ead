import { Router, type Request, type RequestHandler, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { SignInDescription } from '../core/use-cases/sign-in/describe-sign-in.js';
import type { Logger } from 'pino';
import type { OidcPayloadStore } from '../core/ports/oidc-store.js';
import { requireOwnOrigin } from '../web/session/csrf.js';
import { signOut } from '../web/session/sign-in-finish.js';
import { formBody } from '../pages/form-body.js';
import { localeFor, viewerOf } from '../pages/page-locale.js';
import { originOf, seeOther, sendPage, sendPageToKoa } from '../web/page-sender.js';
import type { PagesDeps } from '../pages/pages-deps.js';
import { ConsentPage } from '../pages/views/consent-page.js';
import { LogoutPage } from '../pages/views/logout-page.js';
import { MessagePage } from '../pages/views/message-page.js';
import type { Metrics } from '../metrics/metrics.js';
import { SKIP_CONSENT } from './client-metadata.js';
import { CONSENT_MODEL, consentKey } from './create-provider.js';
import { hintSpeaksForUser } from './logout-hint.js';
import { rememberSignIn, signInOf } from './oidc-request-state.js';
import { IMPLIED_CONSENT, INTERACTION_PATH, OIDC_PATH, SIGN_IN_ASKED, TTL } from './oidc-settings.js';
import type { ProviderHolder } from './provider-holder.js';
import { dropUnverifiableHint } from './unverifiable-hint.js';

export interface OidcRouterDeps {
  pages: PagesDeps;
  holder: ProviderHolder;
  payloads: OidcPayloadStore;
  logger: Logger;
  metrics?: Metrics;
  now(): number;
  /** The value of Gatehouse's mark of an implied consent (implied-consent.ts). */
  impliedConsentMark: string;
}

const LOGOUT_CONFIRM = `${OIDC_PATH}/logout/confirm`;

const signInFor = (uid: string, forced: boolean): string =>
  `/gatehouse/sign-in?return_to=${encodeURIComponent(`${INTERACTION_PATH}/${uid}`)}${forced ? '&prompt=login' : ''}`;

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

interface AskedSession {
  sessionId: string;
  authTime: number;
}

/** What the interaction saw when it sent the person to sign in: undefined (never sent), null (no session), or that session. */
const signInAsked = (result: unknown): AskedSession | null | undefined => {
  if (typeof result !== 'object' || result === null || !(SIGN_IN_ASKED in result)) return undefined;
  const seen = (result as Record<string, unknown>)[SIGN_IN_ASKED];
  if (seen === null) return null;
  const { sessionId, authTime } = (seen ?? {}) as Partial<AskedSession>;
  return typeof sessionId === 'string' && typeof authTime === 'number' ? { sessionId, authTime } : undefined;
};

/**
 * Whether a signed-in person must sign in again for this authorization (prompt=login, or a max_age
 * past), unless they already did since it asked. Told by the session, not by the clock: the
 * interaction's iat has whole seconds, and a sign-in in the same second is not a new one.
 */
const mustSignInAgain = (details: Interaction, signIn: SignInDescription, now: number): boolean => {
  const asked = signInAsked(details.result);
  const since = asked !== undefined && (asked === null || signIn.sessionId !== asked.sessionId || signIn.authTime.getTime() > asked.authTime);
  if (since) return false; // however long the pages took under load
  const maxAge = details.params.max_age === undefined ? null : Number(details.params.max_age);
  return details.prompt.reasons.includes('login_prompt') || (maxAge !== null && now - signIn.authTime.getTime() > maxAge * 1000);
};

/** The Gatehouse session ends with the RP-initiated logout: the session row and the cookie. */
const endGatehouseSession = async (pages: PagesDeps, req: Request, res: Response): Promise<void> => {
  await signOut(pages.auth, req, res, pages.auth.cookie.read(req));
};

/**
 * The logout confirmation: our page, posting to our route, which ends the Gatehouse session and
 * hands the provider its own form with a 307. Only an unexpired hint of the signed-in user skips it:
 * the Gatehouse session ends at once and the browser goes back.
 */
export const logoutSource =
  (pages: PagesDeps, now: () => number) =>
  async (ctx: KoaContextWithOIDC, form: string): Promise<void> => {
    const req = ctx.req as Request;
    const res = ctx.res as Response;
    const params = ctx.oidc.params ?? {};
    const postLogout = typeof params.post_logout_redirect_uri === 'string' ? params.post_logout_redirect_uri : undefined;
    const signedIn = (await pages.auth.sessions.browserSignIn(req))?.signIn.userId ?? null;
    if (ctx.oidc.client && hintSpeaksForUser(ctx.oidc.entities.IdTokenHint, signedIn, now())) {
      await endGatehouseSession(pages, req, res);
      await ctx.oidc.session?.destroy();
      const target = postLogout ? new URL(postLogout) : new URL('/gatehouse/sign-in', pages.config.publicOrigin);
      if (postLogout && typeof params.state === 'string') target.searchParams.set('state', params.state);
      ctx.status = 303;
      ctx.redirect(target.href);
      return;
    }
    const xsrf = /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? '';
    sendPageToKoa(ctx, LogoutPage({ locale: localeFor(req), action: LOGOUT_CONFIRM, xsrf }), 200, originOf(postLogout));
  };

/**
 * The provider's Express side: interactions (sign-in detour, consent), the logout confirmation and
 * then oidc-provider itself. Requests that can start or resume an authorization carry the
 * browser's Gatehouse session to the provider's login check.
 */
export const oidcRouter = (deps: OidcRouterDeps): Router => {
  const { pages, holder, payloads } = deps;
  const router = Router();
  // Every form here acts for the browser's session: the pages' Origin rule, plus no foreign Origin even without the cookie.
  const sameSite = requireOwnOrigin(pages.auth.origins, pages.auth.cookie);

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

  const interaction = async (provider: Provider, req: Request, res: Response) => {
    try {
      return await provider.interactionDetails(req, res);
    } catch {
      return null;
    }
  };

  const expired = (req: Request, res: Response) => {
    const { t } = localeFor(req);
    sendPage(res, MessagePage({ locale: localeFor(req), title: t('error.title'), body: t('error.body'), link: { href: '/gatehouse/account', text: t('back.account') } }), { status: 400 });
  };

  router.get(
    '/interaction/:uid',
    withProvider(async (provider, req, res) => {
      const details = await interaction(provider, req, res);
      if (!details) return expired(req, res);
      const current = await pages.auth.sessions.browserSignIn(req, res);
      // A session the MFA policy holds to enrolment signs in nowhere else yet: to the account page
      // to add a factor (the sign-in page would send a valid session straight back here).
      const resolved = await pages.auth.sessions.session(req); // the memo's answer: no second lookup
      if (!current && resolved.kind === 'session' && resolved.principal.enrolmentRequired) return seeOther(res, '/gatehouse/account');
      const { prompt, params, uid } = details;
      if (prompt.name === 'login') {
        if (!current || mustSignInAgain(details, current.signIn, deps.now())) {
          const seen = current ? { sessionId: current.signIn.sessionId, authTime: current.signIn.authTime.getTime() } : null;
          await provider.interactionResult(req, res, { [SIGN_IN_ASKED]: seen }, { mergeWithLastSubmission: false });
          return seeOther(res, signInFor(uid, current !== null));
        }
        const login = { accountId: current.signIn.userId, ts: Math.floor(current.signIn.authTime.getTime() / 1000), amr: current.signIn.amr };
        return void (await provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false }));
      }
      if (!current || current.signIn.userId !== details.session?.accountId) return seeOther(res, signInFor(uid, false));
      const client = await provider.Client.find(String(params.client_id));
      if (!client) return expired(req, res);
      const missing = ((prompt.details.missingOIDCScope as string[] | undefined) ?? []).filter((scope) => scope !== 'openid' || !details.grantId);
      if (client.metadata()[SKIP_CONSENT] === true) return consent(provider, req, res, current.principal);
      res.locals.principal = current.principal;
      sendPage(
        res,
        ConsentPage({ locale: localeFor(req), viewer: viewerOf(res), clientName: client.clientName ?? client.clientId, scopes: missing.length ? missing : String(params.scope ?? '').split(' '), action: `${INTERACTION_PATH}/${uid}` }),
        { formActionOrigins: originOf(params.redirect_uri) },
      );
    }),
  );

  const consent = async (provider: Provider, req: Request, res: Response, principal: NonNullable<ReturnType<typeof signInOf>>['principal']) => {
    const details = await provider.interactionDetails(req, res);
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    if (details.prompt.name !== 'consent' || !accountId || accountId !== principal.userId) return seeOther(res, signInFor(details.uid, false));
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope((missing.missingOIDCScope as string[]).join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
    const grantId = await grant.save();
    await payloads.upsert(CONSENT_MODEL, consentKey(accountId, clientId), { accountId, clientId, grantId }, new Date(deps.now() + TTL.Grant * 1000));
    await pages.useCases.recordOidcEvent(principal, 'oidc_consent_granted', clientId);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  router.post(
    '/interaction/:uid/allow',
    sameSite,
    withProvider(async (provider, req, res) => {
      // No interaction behind this uid (no cookie, expired, made up): as Deny, a page, not a 500.
      if (!(await interaction(provider, req, res))) return expired(req, res);
      const current = await pages.auth.sessions.browserSignIn(req, res);
      if (!current) return seeOther(res, signInFor(String(req.params.uid), false));
      await consent(provider, req, res, current.principal);
    }),
  );

  router.post(
    '/interaction/:uid/deny',
    sameSite,
    withProvider(async (provider, req, res) => {
      if (!(await interaction(provider, req, res))) return expired(req, res);
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User denied the request' }, { mergeWithLastSubmission: false });
    }),
  );

  // The logout page's form: the Gatehouse session ends, then the provider's own confirmation (307 keeps the POST).
  router.post('/logout/confirm', sameSite, formBody, async (req, res) => {
    await endGatehouseSession(pages, req, res);
    res.set('Cache-Control', 'no-store');
    res.redirect(307, `${OIDC_PATH}/session/end/confirm`);
  });

  router.use(
    withProvider(async (provider, req, res) => {
      labelProviderRoute(req);
      if (req.path.startsWith('/auth')) rememberSignIn(req, await pages.auth.sessions.browserSignIn(req, res));
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
