// A Node.js application that signs its users in with Gatehouse (docs/integration.md, "Sign in with
// Gatehouse"): discovery, authorization code with PKCE, the callback, userinfo. Node 20+, one
// dependency: npm install openid-client@6
//
//   gatehouse oidc-clients create --name "My app" --redirect-uri http://127.0.0.1:8080/callback
//   GATEHOUSE_ISSUER=https://id.example.com/gatehouse/oidc GATEHOUSE_CLIENT_ID=… \
//   GATEHOUSE_CLIENT_SECRET=… APP_URL=http://127.0.0.1:8080 node sign-in-with-gatehouse.mjs
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import * as client from 'openid-client';

const issuer = new URL(process.env.GATEHOUSE_ISSUER);
const appUrl = new URL(process.env.APP_URL ?? 'http://127.0.0.1:8080');
const redirectUri = new URL('/callback', appUrl).href;

// Plain http only for an issuer on this machine (development); anything else must be https.
const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(issuer.hostname);
const config = await client.discovery(
  issuer,
  process.env.GATEHOUSE_CLIENT_ID,
  process.env.GATEHOUSE_CLIENT_SECRET, // client_secret_basic; omit it for a public client
  undefined,
  loopback && issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
);

// Sessions in memory, keyed by a random cookie: enough for an example, not for several processes.
const sessions = new Map();
const sessionOf = (request, response) => {
  const id = /(?:^|;\s*)app_session=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (id && sessions.has(id)) return sessions.get(id);
  const fresh = randomBytes(32).toString('base64url');
  sessions.set(fresh, {});
  response.setHeader('Set-Cookie', `app_session=${fresh}; HttpOnly; SameSite=Lax; Path=/`);
  return sessions.get(fresh);
};

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (response, status, body) => {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My app</title></head><body>${body}</body></html>`);
};
const redirect = (response, location) => {
  response.writeHead(303, { Location: location });
  response.end();
};

const routes = {
  // Home: who is signed in, or a link to sign in.
  '/': async (request, response, session) => {
    if (!session.user) return page(response, 200, '<h1>My app</h1><p><a href="/login">Sign in with Gatehouse</a></p>');
    const shown = Object.entries(session.user).filter(([, v]) => v !== undefined);
    const rows = shown.map(([k, v]) => `<dt>${escape(k)}</dt><dd id="${escape(k)}">${escape(v)}</dd>`);
    page(response, 200, `<h1>Signed in with Gatehouse</h1><dl>${rows.join('')}</dl>`);
  },

  // Off to Gatehouse, with a fresh PKCE verifier, state and nonce kept in this session.
  '/login': async (request, response, session) => {
    session.pending = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(session.pending.verifier),
      code_challenge_method: 'S256',
      state: session.pending.state,
      nonce: session.pending.nonce,
    });
    redirect(response, url.href);
  },

  // Back from Gatehouse: the code is exchanged (state, nonce, PKCE and the ID token all checked by
  // openid-client), then userinfo is asked with the access token, for the same subject.
  '/callback': async (request, response, session) => {
    const pending = session.pending;
    delete session.pending;
    if (!pending) return page(response, 400, '<p>No sign-in in progress. <a href="/login">Start again</a></p>');
    const tokens = await client.authorizationCodeGrant(config, new URL(request.url, appUrl), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    session.user = { sub: claims.sub, email: userinfo.email, email_verified: userinfo.email_verified, name: userinfo.name, amr: claims.amr?.join(' ') };
    redirect(response, '/');
  },
};

const server = createServer((request, response) => {
  const route = routes[new URL(request.url, appUrl).pathname];
  if (!route) return page(response, 404, '<p>Not found</p>');
  route(request, response, sessionOf(request, response)).catch((error) => {
    // The reason goes to the log; the browser learns only that the sign-in failed.
    console.error(error);
    page(response, 502, '<p>Sign-in failed. <a href="/login">Try again</a></p>');
  });
});
server.listen(Number(appUrl.port || 80), appUrl.hostname.replace(/^\[|\]$/g, ''), () => console.log(`listening on ${appUrl.origin}`));
