import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { composeService, type Service } from '../../../src/compose.js';
import type { Config } from '../../../src/config/config.js';
import type { UseCases } from '../../../src/core/use-cases/use-cases.js';
import { createApp } from '../../../src/create-app.js';
import { createLogger } from '../../../src/runtime/logger.js';
import { createOidcMount } from '../../../src/oidc/create-oidc-mount.js';
import type { PrometheusMetrics } from '../../../src/metrics/prometheus-metrics.js';
import { startChromium, type Browser } from '../browser/chromium.js';
import { PASSWORD } from '../constants.js';
import { createTempDatabase, type TempDatabase } from '../db/temp-database.js';
import { testConfig } from '../http/harness.js';
import { CONTEXT, SIGN_IN } from '../unit/memory-ports.js';
import { Secret, TOTP } from 'otpauth';
import type { SecurityLog } from '../../../src/core/ports/security-log.js';

export const ADMIN_EMAIL = 'admin@example.com';
export const exact = { exact: true } as const;

export interface OidcServer {
  /** http://localhost:<port>, also SERVICE_PUBLIC_URL. */
  origin: string;
  /** SERVICE_PUBLIC_URL's issuer: the same for every instance over one database. */
  issuer: string;
  /** This instance's own provider URL, for requests made to it rather than to the issuer's. */
  base: string;
  service: Service;
  config: Config;
  database: TempDatabase;
  /** Moves the provider's storage clock (the refresh-token window), never the system's. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface OidcServerOptions {
  env?: Record<string, string>;
  /** Another instance over this database (PostgreSQL): no new database, no admin. */
  database?: TempDatabase;
  withAdmin?: boolean;
  /** Prometheus metrics for the app and the provider, read back through `metrics.registry`. */
  metrics?: PrometheusMetrics;
  /** Wraps the use cases the app is handed (a spec counting lookups); the composition's own stay as they are. */
  wrapUseCases?: (useCases: UseCases) => UseCases;
  /** The security log the service writes to (a spec reading the lines back); the logger's otherwise. */
  log?: SecurityLog;
}

/**
 * The whole app with the OpenID provider mounted, listening on a loopback port over a database of
 * the suite's engine (real migrations), with an admin; for openid-client and Chromium to drive.
 */
export const startOidcServer = async (options: OidcServerOptions = {}): Promise<OidcServer> => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTempDatabase());
  const config = testConfig({ SERVICE_DATABASE_URL: database.url, SERVICE_PUBLIC_URL: origin, ...options.env });
  const logger = createLogger(process.env.GATEHOUSE_SPEC_LOG ?? 'silent');
  const service = composeService({ ...config, databasePoolMax: 3 }, options.log ? { log: options.log } : {}, logger);
  let offset = 0;
  const { metrics } = options;
  const oidcMount = createOidcMount({ useCases: service.useCases, ports: service.ports, config, logger, metrics, now: () => Date.now() + offset });
  const useCases = options.wrapUseCases ? options.wrapUseCases(service.useCases) : service.useCases;
  server.on('request', createApp({ useCases, config, logger, metrics, oidc: oidcMount }));
  if (ownDatabase && options.withAdmin !== false) await service.useCases.createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, display_name: 'Ada Admin' });
  return {
    origin,
    issuer: `${config.publicOrigin}/gatehouse/oidc`,
    base: `${origin}/gatehouse/oidc`,
    service,
    config,
    database,
    advance: (ms) => void (offset += ms),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      if (ownDatabase) await database.cleanup();
    },
  };
};

/** What each browser spec of the provider starts once and stops at the end: a server, a relying party's callback, one Chromium page. */
export interface OidcStage {
  server: OidcServer;
  callback: RelyingPartyCallback;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export const startOidcStage = async (options: OidcServerOptions = {}): Promise<OidcStage> => {
  const server = await startOidcServer(options);
  const callback = await startCallback();
  const browser = await startChromium().catch(async (error: unknown) => {
    await callback.close();
    await server.close();
    throw error;
  });
  const page = await browser.context.newPage();
  return {
    server,
    callback,
    browser,
    page,
    close: async () => {
      await browser.close();
      await callback.close();
      await server.close();
    },
  };
};

/** A relying party's redirect target on loopback: answers 200 and keeps every URL it was sent to. */
export interface RelyingPartyCallback {
  origin: string;
  redirectUri: string;
  postLogoutUri: string;
  close(): Promise<void>;
}

export const startCallback = async (): Promise<RelyingPartyCallback> => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>relying party</title><p>back at the application</p></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectUri: `${origin}/callback`,
    postLogoutUri: `${origin}/signed-out`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export interface RegisteredClient {
  clientId: string;
  secret: string | null;
  config: oidc.Configuration;
}

export interface ClientOptions {
  name?: string;
  type?: 'confidential' | 'public';
  skipConsent?: boolean;
  requirePkce?: boolean;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** How a confidential client authenticates at the token endpoint. */
  auth?: 'basic' | 'post';
  introspect?: boolean;
  device?: boolean;
  /** id_token_signed_response_alg; the client says nothing (RS256) when absent. */
  idTokenAlg?: string;
}

/** Registers a client as the operator would, and discovers the issuer with openid-client. */
export const registerClient = async (server: OidcServer, options: ClientOptions): Promise<RegisteredClient> => {
  const { client, secret } = await server.service.useCases.createOidcClientAsOperator({
    name: options.name ?? 'Wiki',
    type: options.type ?? 'confidential',
    redirect_uris: options.redirectUris,
    post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
    skip_consent: options.skipConsent ?? false,
    require_pkce: options.requirePkce ?? true,
    ...(options.introspect !== undefined && { introspect: options.introspect }),
    ...(options.device !== undefined && { device: options.device }),
    ...(options.idTokenAlg !== undefined && { id_token_signed_response_alg: options.idTokenAlg }),
  });
  return { clientId: client.clientId, secret, config: await discover(server.issuer, client.clientId, secret, options.auth) };
};

export const discover = (issuer: string, clientId: string, secret: string | null, auth: 'basic' | 'post' = 'basic'): Promise<oidc.Configuration> => {
  const method = secret === null ? oidc.None() : auth === 'post' ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
  return oidc.discovery(new URL(issuer), clientId, undefined, method, { execute: [oidc.allowInsecureRequests] });
};

export interface Authorization {
  url: URL;
  verifier: string;
  nonce: string;
  state: string;
}

/** An authorization request with PKCE S256, a nonce and a state. */
export const authorizationRequest = async (config: oidc.Configuration, redirectUri: string, params: Record<string, string> = {}): Promise<Authorization> => {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
    ...params,
  });
  return { url, verifier, nonce, state };
};

/** The sign-in page's form, as a person fills it. */
export const signInOnPage = async (page: Page, email: string, password = PASSWORD): Promise<void> => {
  await page.getByLabel('Email', exact).fill(email);
  await page.getByLabel('Password', exact).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Waits until the browser is back at the relying party, and answers the URL it came back with. */
export const backAtClient = async (page: Page, callback: RelyingPartyCallback): Promise<URL> => {
  await page.waitForURL((url) => url.origin === callback.origin, { timeout: 30_000 });
  return new URL(page.url());
};

/** Creates a member through an invite, as the admin would. */
export const createMember = async (server: OidcServer, email: string, displayName = 'Mia Member'): Promise<string> => {
  const { code } = await server.service.useCases.createInviteAsOperator(ADMIN_EMAIL, {});
  const { user } = await server.service.useCases.registerWithInvite({ invite_code: code, email, display_name: displayName, password: PASSWORD }, SIGN_IN);
  return user.id;
};

/**
 * Runs an authorization in the browser to its end at the client: signs in as `email` when the
 * sign-in page comes, allows when the consent page comes. Answers the URL the client got back.
 */
export const authorizeInBrowser = async (page: Page, callback: RelyingPartyCallback, url: URL, email: string): Promise<URL> => {
  await page.goto(url.href);
  for (let step = 0; step < 6; step += 1) {
    await page.waitForURL((at) => at.origin === callback.origin || at.pathname === '/gatehouse/sign-in' || at.pathname.startsWith('/gatehouse/oidc/interaction/'), { timeout: 30_000 });
    const at = new URL(page.url());
    if (at.origin === callback.origin) return at;
    if (at.pathname === '/gatehouse/sign-in') await signInOnPage(page, email);
    else await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.waitForURL((next) => next.href !== at.href, { timeout: 30_000 });
  }
  throw new Error(`the authorization did not come back to the client: ${page.url()}`);
};

/** The authorization code flow to the end: browser, then the code exchanged by openid-client. */
export const signInAtClient = async (page: Page, callback: RelyingPartyCallback, client: RegisteredClient, email: string, params: Record<string, string> = {}) => {
  const request = await authorizationRequest(client.config, callback.redirectUri, params);
  const back = await authorizeInBrowser(page, callback, request.url, email);
  const tokens = await oidc.authorizationCodeGrant(client.config, back, { pkceCodeVerifier: request.verifier, expectedNonce: request.nonce, expectedState: request.state });
  return { request, back, tokens };
};

/** The OAuth error an openid-client call was refused with ({error} of the body), or null when it was not refused. */
export const oauthErrorOf = async (work: Promise<unknown>): Promise<string | null> => {
  try {
    await work;
    return null;
  } catch (error) {
    // A 401 answers in WWW-Authenticate too: openid-client then throws its challenges as the cause.
    const { error: code, cause } = error as { error?: string; cause?: { error?: string } | { parameters?: { error?: string } }[] };
    const challenged = Array.isArray(cause) ? cause[0]?.parameters?.error : cause?.error;
    return code ?? challenged ?? String(error);
  }
};

/** userinfo's status for an access token: 200 while it is valid, 401 once revoked or its user disabled. */
export const userinfoStatus = async (server: OidcServer, accessToken: string): Promise<number> =>
  (await fetch(`${server.base}/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

/** Turns TOTP on for a member through the use cases; answers its secret (base32). */
export const enrolTotpFor = async (server: OidcServer, email: string): Promise<string> => {
  const { useCases } = server.service;
  const signedIn = await useCases.login({ email, password: PASSWORD }, SIGN_IN);
  if (signedIn.kind !== 'signed_in') throw new Error('the member has a second factor already');
  const { principal } = await useCases.authenticateSession(signedIn.session.token, CONTEXT);
  const { secret } = await useCases.enrolTotp(principal, { password: PASSWORD });
  // The previous step's code (accepted, one step either way): the current one stays unused for the sign-in.
  await useCases.confirmTotp(principal, { code: totpNow(secret, -30_000) });
  return secret;
};

export const totpNow = (secret: string, shiftMs = 0): string => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: Date.now() + shiftMs });

/** Ends the browser's Gatehouse session from the account page, as a person would. */
export const signOutInBrowser = async (page: Page, server: OidcServer): Promise<void> => {
  await page.goto(`${server.origin}/gatehouse/account`);
  if (new URL(page.url()).pathname !== '/gatehouse/account') return;
  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === '/gatehouse/sign-in', { timeout: 30_000 });
};
