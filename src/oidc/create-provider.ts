import { createHash, timingSafeEqual } from 'node:crypto';
import Provider, { errors, interactionPolicy, type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import { isDomainError } from '../core/domain/errors.js';
import type { Config } from '../config/config.js';
import type { OidcClientLookup, OidcPayloadStore } from '../core/ports/oidc-store.js';
import type { UseCases } from '../core/use-cases/use-cases.js';
import { ALLOWED_ORIGINS, INTROSPECT, REQUIRE_PKCE, SKIP_CONSENT } from './client-metadata.js';
import { introspectionAllowedPolicy } from './introspection-policy.js';
import { revocationAllowedPolicy } from './revocation-policy.js';
import { AesGcmSecretBox } from '../adapters/aes-gcm-secret-box.js';
import { deviceVerificationUris } from './device-flow.js';
import { deviceCodeSeal } from './sealed-device-code.js';
import { adapterFactory } from './oidc-adapter.js';
import { signInOf } from './oidc-request-state.js';
import { originOf, pagePolicy } from '../web/page-sender.js';
import { answerCors } from './cors-policy.js';
import { accessPrompt, allowedAtTokenUse, carryAmr } from './client-access.js';
import { answerClientAuthAsRfc6749 } from './client-auth-answers.js';
import { advertiseWhatWorks } from './discovery-document.js';
import { carriesImpliedConsent } from './implied-consent.js';
import { accountClaims } from './account-claims.js';
import { idTokenSigningAlgValues } from './id-token-algorithms.js';
import { providerCookies } from './provider-cookies.js';
import { publicOriginOnly } from './public-origin.js';
import { IMPLIED_CONSENT, INTERACTION_PATH, OIDC_PATH, SCOPES, TTL } from './oidc-settings.js';

export interface ProviderDeps {
  useCases: Pick<UseCases, 'findOidcAccount' | 'decideClientAccess'>;
  /** The grant a remembered consent names (find-remembered-oidc-consent.ts); none remembered when absent. */
  rememberedGrant?(accountId: string, clientId: string): Promise<string | null>;
  payloads: OidcPayloadStore;
  clients: OidcClientLookup;
  config: Pick<Config, 'publicOrigin' | 'secretKey' | 'secretKeyPrevious' | 'oidcEmailsVerified' | 'environment'>;
  keys: JWK[];
  now(): number;
  /** The value of Gatehouse's mark of an implied consent, derived once (implied-consent.ts). */
  impliedConsentMark: string;
  /** Page renderers and the logout hook, which live on the Express side. */
  logoutSource: NonNullable<NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>['logoutSource']>;
  renderError: NonNullable<Configuration['renderError']>;
  /** The device grant's pages (device-flow.ts); off without them. */
  deviceFlow?: NonNullable<NonNullable<Configuration['features']>['deviceFlow']>;
  /** Only for the spec that proves the service refuses them: never set in production. */
  unsafeOverrides?: Partial<Configuration>;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The client's secret is stored as its SHA-256 (hex): hash what was sent and compare in constant time. */
const compareHashedSecret = (storedHex: string | undefined, sent: string): boolean => {
  if (typeof storedHex !== 'string' || !/^[0-9a-f]{64}$/.test(storedHex)) return false;
  return timingSafeEqual(Buffer.from(storedHex, 'hex'), sha256(sent));
};

/** Refresh tokens: 14 days idle, never past 30 days after the first one of the grant. */
const refreshTtl = (now: number, token: { iat?: number; iiat?: number }): number => {
  const first = token.iiat ?? token.iat ?? Math.floor(now / 1000);
  return Math.max(1, Math.min(TTL.RefreshIdle, first + TTL.RefreshMax - Math.floor(now / 1000)));
};

/**
 * The login prompt also asks when the browser's Gatehouse session is gone, is another user's, or
 * was opened (or proved again) since the provider's session recorded it: the provider's session
 * follows Gatehouse's, never outlives it, and carries its auth_time and amr.
 */
const gatehouseSessionCheck = () =>
  new interactionPolicy.Check('gatehouse_session', 'End-User authentication is required', 'login_required', (ctx: KoaContextWithOIDC) => {
    const current = signInOf(ctx.req);
    if (!current) return interactionPolicy.Check.REQUEST_PROMPT;
    const { session } = ctx.oidc;
    if (session?.accountId !== current.signIn.userId) return interactionPolicy.Check.REQUEST_PROMPT;
    if (session.authTime() !== Math.floor(current.signIn.authTime.getTime() / 1000)) return interactionPolicy.Check.REQUEST_PROMPT;
    return interactionPolicy.Check.NO_NEED_TO_PROMPT;
  });

/**
 * prompt=consent asks again for everything, unless Gatehouse itself added it for offline_access
 * (IMPLIED_CONSENT): then the scope and claim checks alone decide, and a remembered consent holds.
 */
const consentPromptCheck = (mark: string) =>
  new interactionPolicy.Check('consent_prompt', 'consent prompt was not resolved', 'consent_required', (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    if (!oidc.prompts.has('consent') || !oidc.promptPending('consent')) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    const implied = carriesImpliedConsent(oidc.params, mark) && String(oidc.params?.scope ?? '').split(' ').includes('offline_access');
    return implied ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
  });

const policy = (impliedConsent: string, deps: ProviderDeps) => {
  const prompts = interactionPolicy.base();
  prompts.get('login')?.checks.add(gatehouseSessionCheck(), 0);
  prompts.add(accessPrompt(deps.useCases.decideClientAccess), 1);
  const consent = prompts.get('consent');
  consent?.checks.remove('consent_prompt');
  consent?.checks.add(consentPromptCheck(impliedConsent), 0);
  return prompts;
};

/**
 * The provider's own HTML (a form_post answer, the form that ends a session when another person
 * signs in at the same browser, the form that ends a logout without a session) gets the pages' policy
 * before it is written, so oidc-provider adds the hash of its one inline script to script-src; once
 * the answer is known, its form-action also allows the client's redirect (or post-logout redirect)
 * origin the form posts (or the redirects after it) go to.
 */
const pagePolicyForProviderPages = async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
  ctx.set('Content-Security-Policy', pagePolicy());
  await next();
  const policy = ctx.response.get('content-security-policy');
  // A resumed authorization that first ends another person's session has not read its params yet: its interaction has them.
  const interaction = ctx.oidc?.entities?.Interaction as { params?: { redirect_uri?: unknown } } | undefined;
  const redirectUri = ctx.oidc?.params?.redirect_uri ?? interaction?.params?.redirect_uri;
  // Without a provider session, end-session answers a self-posting form whose answer redirects to the client's post-logout URI.
  const origins = [...originOf(redirectUri), ...originOf(ctx.oidc?.params?.post_logout_redirect_uri)];
  if (typeof policy === 'string' && origins.length > 0) ctx.set('Content-Security-Policy', policy.replace("form-action 'self'", `form-action 'self' ${origins.join(' ')}`));
};

/** oidc-provider's settings as docs/api.md promises them (flows, lifetimes, claims). */
export const providerConfiguration = (deps: ProviderDeps): Configuration => ({
  adapter: adapterFactory({ payloads: deps.payloads, clients: deps.clients, now: deps.now, deviceCodes: deviceCodeSeal(new AesGcmSecretBox(deps.config.secretKey, deps.config.secretKeyPrevious)) }),
  jwks: { keys: deps.keys },
  cookies: providerCookies(deps.config),
  scopes: [...SCOPES],
  claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], groups: ['groups'] },
  // Many applications read only the ID token: the granted claims go there as well as to userinfo.
  conformIdTokenClaims: false,
  responseTypes: ['code'],
  clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic', id_token_signed_response_alg: 'RS256' },
  clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
  enabledJWA: { idTokenSigningAlgValues },
  pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' || client.metadata()[REQUIRE_PKCE] !== false },
  extraClientMetadata: { properties: [SKIP_CONSENT, REQUIRE_PKCE, INTROSPECT, ALLOWED_ORIGINS] },
  extraParams: [IMPLIED_CONSENT],
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: false },
    introspection: { enabled: true, allowedPolicy: introspectionAllowedPolicy(async (ctx, accountId) => Boolean(await duringOutage(ctx, deps.useCases.findOidcAccount(accountId)))) },
    revocation: { enabled: true, allowedPolicy: revocationAllowedPolicy },
    userinfo: { enabled: true },
    claimsParameter: { enabled: false },
    // On by oidc-provider's defaults, but neither documented nor tested (through PAR, offline_access yields no refresh token).
    pushedAuthorizationRequests: { enabled: false },
    dPoP: { enabled: false },
    rpInitiatedLogout: { enabled: true, logoutSource: deps.logoutSource },
    deviceFlow: deps.deviceFlow ?? { enabled: false },
    // ID tokens of a client with a backchannel_logout_uri carry sid; Gatehouse sends the logout tokens (backchannel-sender.ts).
    backchannelLogout: { enabled: true },
  },
  ttl: {
    AuthorizationCode: TTL.AuthorizationCode,
    AccessToken: TTL.AccessToken,
    IdToken: TTL.IdToken,
    RefreshToken: (_ctx, token) => refreshTtl(deps.now(), token as { iat?: number; iiat?: number }),
    Grant: TTL.Grant,
    Session: TTL.Session,
    Interaction: TTL.Interaction,
    DeviceCode: TTL.DeviceCode,
  },
  rotateRefreshToken: true,
  extraTokenClaims: (ctx) => carryAmr(ctx),
  // A client revoking its token (RFC 7009) ends that token's grant tokens, not the person's consent: only they, an admin or the client's deletion forget it.
  revokeGrantPolicy: (ctx) => ctx.oidc.route !== 'revocation',
  issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
  interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`, policy: policy(deps.impliedConsentMark, deps) },
  loadExistingGrant: async (ctx) => {
    const { client, session } = ctx.oidc;
    const accountId = session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId) ?? (await duringOutage(ctx, deps.rememberedGrant?.(accountId, client.clientId))) ?? undefined;
    const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
    const usable = existing && existing.accountId === accountId && existing.clientId === client.clientId ? existing : undefined;
    if (client.metadata()[SKIP_CONSENT] !== true) return usable;
    // A first-party client asks no consent: what it asks for is granted as asked.
    const grant = usable ?? new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
    const requested = (ctx.oidc.params?.scope as string | undefined)?.split(' ').filter((scope) => (SCOPES as readonly string[]).includes(scope)) ?? [];
    grant.addOIDCScope(requested.join(' '));
    await grant.save();
    return grant;
  },
  findAccount: async (ctx, sub, token) => {
    const account = await duringOutage(ctx, deps.useCases.findOidcAccount(sub));
    if (!account) return undefined;
    // A code, refresh or access token in use: the client's access policy is judged again, now.
    if (token && !(await duringOutage(ctx, allowedAtTokenUse(deps.useCases.decideClientAccess, ctx, account, token)))) return undefined;
    return { accountId: account.userId, claims: () => accountClaims(account, deps.config.oidcEmailsVerified) };
  },
  renderError: deps.renderError,
  // Never consulted: answerCors (cors-policy.ts) decides before oidc-provider's CORS step would ask.
  clientBasedCORS: () => false,
  ...deps.unsafeOverrides,
});

/**
 * A database outage (the core's `unavailable`) answers as the rest of the service does: 503 with
 * Retry-After, here as OAuth's temporarily_unavailable, rather than the provider's 500 server_error.
 */
const duringOutage = async <T>(ctx: KoaContextWithOIDC, work: Promise<T> | undefined): Promise<T | undefined> => {
  try {
    return await work;
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'unavailable') throw error;
    const refusal = new errors.TemporarilyUnavailable('the database is unavailable; try again later');
    Object.assign(refusal, { status: 503, statusCode: 503 });
    ctx.set('Retry-After', String(error.retryAfterSeconds ?? 1));
    throw refusal;
  }
};

/** The service refuses to start with oidc-provider's development interactions, which sign anyone in. */
export const assertNoDevInteractions = (configuration: Configuration): void => {
  if (configuration.features?.devInteractions?.enabled !== false) {
    throw new Error('oidc-provider devInteractions are enabled: they accept any login, and Gatehouse refuses to start with them');
  }
};

export const createProvider = (deps: ProviderDeps): Provider => {
  const configuration = providerConfiguration(deps);
  assertNoDevInteractions(configuration);
  const provider = new Provider(`${deps.config.publicOrigin}${OIDC_PATH}`, configuration);
  provider.use(publicOriginOnly(deps.config.publicOrigin));
  provider.use(answerCors(deps.clients));
  provider.use(answerClientAuthAsRfc6749(`${deps.config.publicOrigin}${OIDC_PATH}`));
  provider.use(advertiseWhatWorks);
  provider.use(deviceVerificationUris(deps.config.publicOrigin));
  provider.use(pagePolicyForProviderPages);
  provider.Client.prototype.compareClientSecret = function compare(this: { clientSecret?: string }, sent: string) {
    return Promise.resolve(compareHashedSecret(this.clientSecret, sent));
  };
  return provider;
};
