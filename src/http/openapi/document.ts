import { authPaths } from './auth-paths.js';
import { healthPaths } from './health-paths.js';
import { invitePaths } from './invite-paths.js';
import { mfaPaths } from './mfa-paths.js';
import { requestSchemas } from './request-bodies.js';
import { schemas } from './schemas.js';
import { secondStepPaths } from './second-step-paths.js';
import { sessionPaths } from './session-paths.js';
import { tokenPaths } from './token-paths.js';
import { userPaths } from './user-paths.js';
import { verifyPaths } from './verify-paths.js';

/** The OpenAPI 3.1 description of every route; served (outside production) at /api/v1/openapi.json. */
export const buildOpenApiDocument = (cookieName: string) => ({
  openapi: '3.1.0',
  info: {
    title: 'Gatehouse',
    version: '1.0.0',
    description:
      'Invite-only accounts, browser sessions and API tokens. Errors are application/problem+json (RFC 9457). ' +
      'Mutating requests authenticated by the session cookie must carry an Origin equal to the public URL.',
  },
  paths: { ...healthPaths, ...authPaths, ...verifyPaths, ...secondStepPaths, ...userPaths, ...sessionPaths, ...tokenPaths, ...invitePaths, ...mfaPaths },
  components: {
    schemas: { ...schemas, ...requestSchemas },
    securitySchemes: {
      cookieAuth: { type: 'apiKey', in: 'cookie', name: cookieName },
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token, gh_pat_…' },
    },
  },
});

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
