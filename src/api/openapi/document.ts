import { adminPaths } from './admin-paths.js';
import { adminSchemas } from './admin-schemas.js';
import { eventPaths } from './event-paths.js';
import { forwardAuthPaths } from './forward-auth-paths.js';
import { groupPaths } from './group-paths.js';
import { authPaths } from './auth-paths.js';
import { healthPaths } from './health-paths.js';
import { invitePaths } from './invite-paths.js';
import { mfaPaths } from './mfa-paths.js';
import { oidcPaths } from './oidc-paths.js';
import { recoveryPaths } from './recovery-paths.js';
import { requestSchemas } from './request-bodies.js';
import { schemas } from './schemas.js';
import { secondStepPaths } from './second-step-paths.js';
import { sessionPaths } from './session-paths.js';
import { tagList } from './tags.js';
import { tokenPaths } from './token-paths.js';
import { userPaths } from './user-paths.js';
import { verifyPaths } from './verify-paths.js';

const description = [
  'Invite-only accounts, browser sessions and API tokens.',
  '',
  '- **Credentials**: the session cookie (set by register and login) or an API token as `Authorization: Bearer gh_pat_…`. ' +
    'With an `Authorization` header the cookie is ignored.',
  '- **CSRF**: a change (`POST`, `PUT`, `PATCH`, `DELETE`) made with the cookie must carry an `Origin` equal to the ' +
    "public URL's origin, else `403 csrf_rejected`. In development, `localhost`, `127.0.0.1` and `[::1]` count as one " +
    'when the public URL is one of them. Bearer requests are not checked.',
  '- **Errors** are `application/problem+json` (RFC 9457) with a stable `code`; `422 validation_failed` lists `errors` ' +
    'as `{loc, msg}`. No error repeats a submitted value.',
  '- **Methods**: a path answers only the methods listed here. Any other method, `OPTIONS` included, is ' +
    '`404 not_found` like an unknown path; there is no CORS.',
  '- **Bodies**: `application/json` only (else 415), at most 16 KiB (else 413); unknown fields are refused (422).',
  '',
  'Try it out: log in with `POST /api/v1/auth/login`; the browser keeps the cookie for the other calls on this page.',
].join('\n');

/** The OpenAPI 3.1 description of every route; served (outside production) at /api/v1/openapi.json. */
export const buildOpenApiDocument = (cookieName: string) => ({
  openapi: '3.1.0',
  info: {
    title: 'Gatehouse',
    version: '1.0.0',
    description,
    license: { name: 'MIT', identifier: 'MIT' },
  },
  // Relative, so "Try it out" calls the instance that served the page, whatever name it was reached by.
  servers: [{ url: '/', description: 'The instance serving this document' }],
  tags: tagList,
  paths: {
    ...healthPaths,
    ...authPaths,
    ...recoveryPaths,
    ...verifyPaths,
    ...secondStepPaths,
    ...userPaths,
    ...eventPaths,
    ...tokenPaths,
    ...sessionPaths,
    ...invitePaths,
    ...mfaPaths,
    ...adminPaths,
    ...oidcPaths,
    ...groupPaths,
    ...forwardAuthPaths,
  },
  components: {
    schemas: { ...schemas, ...adminSchemas, ...requestSchemas },
    securitySchemes: {
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: cookieName,
        description: 'The session cookie, set by register and login. Browsers send it by themselves.',
      },
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token, gh_pat_…' },
    },
  },
});

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
