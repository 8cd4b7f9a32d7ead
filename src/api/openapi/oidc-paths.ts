import { admin } from './admin-paths.js';
import { arrayOf, operation, schemaRef } from './operation.js';

// Named `id` like every other path id of the document (the route matrices fill `{id}` in); it is the client_id.
const clientIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The `client_id` given at creation; an unknown one is 404.',
  schema: { type: 'string', maxLength: 64 },
};

/** The OpenID clients an admin registers, and each user's connected applications. */
export const oidcPaths = {
  '/api/v1/admin/oidc/clients': {
    post: admin(
      {
        operationId: 'adminCreateOidcClient',
        summary: 'Register an OpenID Connect client; a confidential client\'s secret is shown once',
        description:
          'Redirect URIs are matched exactly; absolute http(s) URLs without a fragment, in production https only but for ' +
          'loopback addresses (127.0.0.1, [::1], localhost; RFC 8252). `require_pkce` defaults to true and may be false ' +
          'only for a confidential client. `allowed_groups` (group ids; empty: every enabled user) and `require_mfa` are the ' +
          "client's access policy: a user outside it is refused at Gatehouse with access_denied. " +
          'The `client_secret` (256 bits) is in this response only; only its SHA-256 is kept. ' +
          'Recorded in the acting admin\'s trail (`oidc_client_created`).',
        body: 'OidcClientIn',
        success: { status: 201, description: 'Created', schema: schemaRef('OidcClientCreated') },
      },
      true,
    ),
    get: admin(
      {
        operationId: 'adminListOidcClients',
        summary: 'Every OpenID Connect client, newest first',
        description: 'The registered clients, without their secrets.',
        success: { status: 200, description: 'The clients', schema: arrayOf('OidcClientOut') },
      },
      false,
    ),
  },
  '/api/v1/admin/oidc/clients/{id}': {
    parameters: [clientIdParameter],
    get: admin(
      {
        operationId: 'adminGetOidcClient',
        summary: 'One OpenID Connect client',
        description: 'The client with that id.',
        success: { status: 200, description: 'The client', schema: schemaRef('OidcClientOut') },
        errors: ['not_found'],
      },
      false,
    ),
    patch: admin(
      {
        operationId: 'adminUpdateOidcClient',
        summary: 'Change an OpenID Connect client',
        description:
          'Any of the fields of a new client but `type`, at least one; the rules of creation apply to the result. A changed ' +
          '`allowed_groups` or `require_mfa` holds from the next authorization, refresh or userinfo call and is recorded as ' +
          '`access_policy_changed`. The secret stays as it is.',
        body: 'OidcClientChangeIn',
        success: { status: 200, description: 'Updated', schema: schemaRef('OidcClientOut') },
        errors: ['not_found'],
      },
      true,
    ),
    delete: admin(
      {
        operationId: 'adminDeleteOidcClient',
        summary: 'Delete an OpenID Connect client with every grant and token issued to it',
        description: 'Its users\' consents, codes, access and refresh tokens go with it. Recorded in the acting admin\'s trail (`oidc_client_deleted`).',
        success: { status: 204, description: 'Deleted' },
        errors: ['not_found'],
      },
      true,
    ),
  },
  '/api/v1/users/me/oidc-grants': {
    get: operation({
      operationId: 'listMyOidcGrants',
      summary: 'The applications the caller signed in to with Gatehouse',
      description: 'One entry per client the caller consented to, with the scopes granted.',
      tag: 'users',
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'The connected applications', schema: arrayOf('OidcGrantOut') },
    }),
  },
  '/api/v1/users/me/oidc-grants/{id}': {
    parameters: [clientIdParameter],
    delete: operation({
      operationId: 'revokeMyOidcGrant',
      summary: 'Disconnect an application',
      description:
        'The remembered consent, and every code, access and refresh token the client holds for the caller, are revoked at once ' +
        '(`oidc_consent_revoked`); its next sign-in asks for consent again. A client the caller has no grant for is 404.',
      tag: 'users',
      access: 'any',
      mutating: true,
      success: { status: 204, description: 'Revoked' },
      errors: ['not_found'],
    }),
  },
};
