import { operation } from './operation.js';

const header = (description: string, schema: unknown) => ({ description, schema });

const verify = operation({
  operationId: 'verifyCredential',
  summary: 'Forward auth: who presents this cookie or token? 204 with identity headers, else 401',
  description:
    'For reverse proxies (nginx auth_request, Traefik forwardAuth, Caddy forward_auth) and for an ' +
    "application's own backend. Success has no body: the identity is in the X-Gatehouse-* headers, which a " +
    'proxy copies onto the request it lets through (and must strip from what clients send). When ' +
    'X-Forwarded-Method names a mutating method (POST, PUT, PATCH, DELETE) and the credential is the ' +
    "session cookie, the request's Origin must be the public URL's origin, as for Gatehouse's own " +
    'mutating routes: a missing, null or foreign Origin is 403 csrf_rejected. A sliding session renewal ' +
    're-sends the cookie in Set-Cookie. Behind a trusted proxy (SERVICE_TRUST_PROXY), X-Forwarded-Host and ' +
    'X-Forwarded-Uri choose the forward-auth rule: the rule of that host with the longest path prefix covering the ' +
    "URI's path. A user outside its groups is 403 access_denied; a session without the second-factor proof a rule " +
    'asks for is 401 (the sign-in page then asks for the second factor); an API token never satisfies such a rule ' +
    '(403 access_denied). A host that no rule names admits any signed-in user. Rules and memberships are read at each ' +
    'request, so a change holds at once.',
  tag: 'auth',
  access: 'any',
  mutating: false,
  success: {
    status: 204,
    description: 'Authenticated',
    setsCookie: true,
    headers: {
      'X-Gatehouse-User-Id': header("The user's id (UUIDv7)", { type: 'string', format: 'uuid' }),
      'X-Gatehouse-Email': header("The user's normalised email", { type: 'string' }),
      'X-Gatehouse-Mfa': header(
        'true when the session has proved a second factor (at login or by a step-up); always false for an API token',
        { type: 'string', enum: ['true', 'false'] },
      ),
      'X-Gatehouse-Username': header("The user's username; empty when none is set", { type: 'string', pattern: '^([a-z0-9][a-z0-9._-]{0,63})?$' }),
      'X-Gatehouse-Groups': header("The names of the user's groups, comma-separated (a name cannot hold a comma); empty when none", {
        type: 'string',
        pattern: '^([a-z0-9][a-z0-9._-]{0,63}(,[a-z0-9][a-z0-9._-]{0,63})*)?$',
      }),
    },
  },
  errors: ['csrf_rejected', 'access_denied'],
});

export const verifyPaths = {
  '/api/v1/auth/verify': {
    get: {
      ...verify,
      parameters: [
        {
          name: 'X-Forwarded-Method',
          in: 'header',
          required: false,
          description: 'The method of the request the proxy is deciding about; a mutating one brings in the Origin check.',
          schema: { type: 'string' },
        },
        {
          name: 'X-Forwarded-Host',
          in: 'header',
          required: false,
          description: 'The host of the request the proxy is deciding about; believed only from a trusted proxy (SERVICE_TRUST_PROXY).',
          schema: { type: 'string' },
        },
        {
          name: 'X-Forwarded-Uri',
          in: 'header',
          required: false,
          description: 'Its path and query; believed only from a trusted proxy. With the host, it chooses the forward-auth rule.',
          schema: { type: 'string' },
        },
      ],
    },
  },
};
