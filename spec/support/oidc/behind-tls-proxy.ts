import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { PASSWORD } from '../constants.js';
import { ADMIN_EMAIL, startOidcServer, type OidcServer } from './oidc-server.js';

export const PUBLIC_ORIGIN = 'https://id.example.test';
export const PUBLIC_ISSUER = `${PUBLIC_ORIGIN}/gatehouse/oidc`;

/** What a client may write in the headers a TLS proxy passes on: another host, plain http. */
export const HOSTILE = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http', 'X-Forwarded-For': '203.0.113.9' };
/** What a TLS proxy in front of the service writes. */
export const PROXIED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };

/** The whole app in production, its public URL https, reached over plain HTTP as a TLS proxy reaches it. */
export const startBehindTlsProxy = (trustProxy: number): Promise<OidcServer> =>
  startOidcServer({
    env: { SERVICE_ENVIRONMENT: 'production', SERVICE_PUBLIC_URL: PUBLIC_ORIGIN, SERVICE_SECRET_KEY: 'behind-a-tls-proxy-'.repeat(3), SERVICE_TRUST_PROXY: String(trustProxy) },
  });

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  setCookies: string[];
  body: string;
}

/** One request as sent, Host included (fetch would write its own), over the loopback port. */
export const send = (server: OidcServer, path: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port: new URL(server.origin).port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, setCookies: res.headers['set-cookie'] ?? [], body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });

/** The Cookie header a browser would send back: the name=value pairs of the Set-Cookie lines that set a value. */
export const cookiesOf = (answers: Answer[]): string =>
  answers
    .flatMap((answer) => answer.setCookies)
    .filter((line) => !/max-age=0|expires=thu, 01 jan 1970/i.test(line))
    .map((line) => line.split(';')[0])
    .join('; ');

/** The admin's API session, signed in through the proxy. */
export const signInAdmin = async (server: OidcServer): Promise<Answer> =>
  send(server, '/api/v1/auth/login', {
    method: 'POST',
    headers: { ...PROXIED, 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface FirstParty {
  clientId: string;
  /** client_secret_basic's Authorization header. */
  basic: string;
}

/** A confidential first-party client (no consent page), as the operator registers it. */
export const registerFirstParty = async (server: OidcServer): Promise<FirstParty> => {
  const { client, secret } = await server.service.useCases.createOidcClientAsOperator({ name: 'Wiki', type: 'confidential', redirect_uris: [REDIRECT_URI], post_logout_redirect_uris: [], skip_consent: true, require_pkce: true });
  return { clientId: client.clientId, basic: `Basic ${Buffer.from(`${client.clientId}:${String(secret)}`).toString('base64')}` };
};

const authorizationPath = (clientId: string, verifier: string): string => {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  return `/gatehouse/oidc/auth?${params.toString()}`;
};

/** The answers of one authorization by the signed-in admin, each redirect followed by hand with the cookies so far. */
export interface AuthorizationSteps {
  login: Answer;
  /** The authorization request: to the interaction. */
  started: Answer;
  /** The interaction: back to the authorization (its resume address). */
  finished: Answer;
  /** The resumed authorization: to the client's redirect URI. */
  back: Answer;
  /** The PKCE verifier of the code the client got. */
  verifier: string;
}

export const authorizeThroughProxy = async (server: OidcServer, { clientId }: FirstParty, headers: Record<string, string>): Promise<AuthorizationSteps> => {
  const verifier = randomBytes(32).toString('base64url');
  const login = await signInAdmin(server);
  const started = await send(server, authorizationPath(clientId, verifier), { headers: { ...headers, Cookie: cookiesOf([login]) } });
  const finished = await send(server, String(started.headers.location), { headers: { ...headers, Cookie: cookiesOf([login, started]) } });
  const back = await send(server, new URL(String(finished.headers.location), PUBLIC_ORIGIN).pathname, { headers: { ...headers, Cookie: cookiesOf([login, started]) } });
  return { login, started, finished, back, verifier };
};
