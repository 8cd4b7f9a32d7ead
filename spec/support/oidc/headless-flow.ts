import { createHash, randomBytes } from 'node:crypto';

/**
 * The authorization code flow without a browser, for the bench and for specs about the protocol's
 * edges (a signed-in client following the redirects; the client skips consent, so no page needs a click).
 */
export interface OidcTarget {
  /** http://127.0.0.1:<port>: where the requests go. */
  base: string;
  /** The public origin (SERVICE_PUBLIC_URL), for Origin headers. */
  publicOrigin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Sent with every request: the bench's production server sits behind a pretend TLS proxy (X-Forwarded-Proto). */
  headers?: Record<string, string>;
}

const OIDC = '/gatehouse/oidc';

/** A cookie jar of one client: name → value, from Set-Cookie headers (attributes ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** A copy: each concurrent authorization needs its own interaction cookies, like a browser tab of its own. */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

/** Signs a user in with the API (the session cookie lands in the jar). */
export const signIn = async (target: OidcTarget, email: string, password: string): Promise<CookieJar> => {
  const jar = new CookieJar();
  const response = await fetch(`${target.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: target.publicOrigin, ...target.headers },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  jar.take(response);
  return jar;
};

export interface MintedCode {
  code: string;
  verifier: string;
}

/**
 * One authorization request of a signed-in browser, redirects followed by hand, until the client's
 * redirect URI comes back with a code; `prompt=consent` is what lets `offline_access` through
 * (OpenID Connect Core 11).
 */
export const mintCode = async (target: OidcTarget, jar: CookieJar, { offline = false } = {}): Promise<MintedCode> => {
  const verifier = base64url(randomBytes(32));
  const landed = await authorize(target, jar, {
    scope: offline ? 'openid email profile offline_access' : 'openid email profile',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...(offline ? { prompt: 'consent' } : {}),
  });
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`the client got no code: ${landed.href}`);
  return { code, verifier };
};

/**
 * An authorization request with the given parameters (client_id, redirect_uri, response_type=code,
 * state and nonce unless given), redirects followed until the browser would be back at the client's
 * redirect URI: that URL, with its code or its error. A stop anywhere else throws.
 */
export const authorize = async (target: OidcTarget, jar: CookieJar, params: Record<string, string>): Promise<URL> => {
  const url = new URL(`${target.base}${OIDC}/auth`);
  url.search = new URLSearchParams({
    client_id: target.clientId,
    redirect_uri: target.redirectUri,
    response_type: 'code',
    state: base64url(randomBytes(12)),
    nonce: base64url(randomBytes(12)),
    ...params,
  }).toString();
  let next = url.href;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { Cookie: jar.header(), ...target.headers } });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the authorization stopped at ${next} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer();
    if (location.startsWith(target.redirectUri)) return new URL(location);
    const resolved = new URL(location, target.publicOrigin);
    next = `${target.base}${resolved.pathname}${resolved.search}`;
  }
  throw new Error('the authorization did not come back within 10 redirects');
};

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
}

export const basic = (target: OidcTarget, secret = target.clientSecret): string => `Basic ${Buffer.from(`${encodeURIComponent(target.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A token request as sent, authenticated with client_secret_basic unless `authorization` says otherwise: the raw answer. */
export const postToken = (target: OidcTarget, body: Record<string, string>, authorization: string | null = basic(target)): Promise<Response> =>
  fetch(`${target.base}${OIDC}/token`, {
    method: 'POST',
    headers: { ...(authorization === null ? {} : { Authorization: authorization }), 'Content-Type': 'application/x-www-form-urlencoded', ...target.headers },
    body: new URLSearchParams(body).toString(),
  });

const tokenRequest = async (target: OidcTarget, body: Record<string, string>): Promise<Tokens> => {
  const response = await postToken(target, body);
  const json = (await response.json()) as Tokens & { error?: string };
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status} ${json.error ?? ''}`);
  return json;
};

/** The code exchange of a confidential client (client_secret_basic) with its PKCE verifier. */
export const exchangeCode = (target: OidcTarget, minted: MintedCode): Promise<Tokens> =>
  tokenRequest(target, { grant_type: 'authorization_code', code: minted.code, redirect_uri: target.redirectUri, code_verifier: minted.verifier });

/** A refresh: the answer carries the next refresh token (rotation); the one sent is spent. */
export const refresh = (target: OidcTarget, refreshToken: string): Promise<Tokens> =>
  tokenRequest(target, { grant_type: 'refresh_token', refresh_token: refreshToken });
