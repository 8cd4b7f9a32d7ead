import type { AdminCaller } from '../../domain/admin-principal.js';
import type { OidcClient } from '../../domain/oidc-client.js';
import { oidcClientRules, type OidcClientInput } from '../../oidc-client-rules.js';
import { assertAppShape } from '../../oidc-client-shape.js';
import type { Ports } from '../../ports/ports.js';
import { invalid, parse } from '../../rules.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordClientEvent } from './oidc-admin-event.js';
import { existingGroups } from '../access/policy-groups.js';
import { toOidcClientView, type OidcClientView } from './oidc-client-view.js';

export interface CreatedOidcClient {
  client: OidcClientView;
  /** A confidential client's secret, shown this once (only its SHA-256 is kept); null for a public client. */
  secret: string | null;
}

/** An admin's change (cookie with recent authentication), or the operator's. */
export type CreateOidcClient = (caller: AdminCaller, input: unknown) => Promise<CreatedOidcClient>;
export type CreateOidcClientAsOperator = (input: unknown) => Promise<CreatedOidcClient>;

export type CreateOidcClientDeps = Pick<Ports, 'scopes' | 'admins' | 'secrets' | 'ids' | 'clock' | 'log'>;

/**
 * Redirect URIs are kept as given and matched exactly; in production https only, but for loopback
 * addresses (RFC 8252). The client id and the secret come from the secret generator: 128 and 256
 * random bits. The client and its event commit together.
 */
export const makeCreateOidcClient =
  (deps: CreateOidcClientDeps, production: boolean): CreateOidcClient =>
  async (caller, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const body = parse<OidcClientInput>(oidcClientRules(production), input);
    // Without PKCE nothing but a secret binds a code to its client, and a public client has none.
    if (body.type === 'public' && !body.require_pkce) throw invalid(['require_pkce'], 'may be false only for a confidential client');
    // RFC 7662 answers only an authenticated client: a public one has nothing to authenticate with.
    if (body.type === 'public' && body.introspect) throw invalid(['introspect'], 'may be true only for a confidential client');
    const issued = body.type === 'confidential' ? deps.secrets.issue('oidc_client_secret') : null;
    const client: OidcClient = {
      clientId: deps.secrets.issue('oidc_client_id').secret,
      name: body.name,
      type: body.type,
      redirectUris: body.redirect_uris,
      postLogoutRedirectUris: body.post_logout_redirect_uris,
      skipConsent: body.skip_consent,
      requirePkce: body.require_pkce,
      secretHash: issued?.hash ?? null,
      createdAt: deps.clock.now(),
      allowedGroups: [],
      requireMfa: body.require_mfa,
      introspect: body.introspect,
      device: body.device,
      applicationType: body.application_type,
      allowedOrigins: body.allowed_origins,
      backchannelLogoutUri: body.backchannel_logout_uri,
      idTokenAlgorithm: body.id_token_signed_response_alg,
    };
    assertAppShape(client);
    await scope.transaction(async (admin) => {
      client.allowedGroups = await existingGroups(admin, body.allowed_groups);
      await admin.insertOidcClient(client);
      await recordClientEvent(deps, admin, 'oidc_client_created', client.clientId);
    });
    return { client: toOidcClientView(client), secret: issued?.secret ?? null };
  };

export const makeCreateOidcClientAsOperator =
  (deps: CreateOidcClientDeps, production: boolean): CreateOidcClientAsOperator =>
  (input) =>
    makeCreateOidcClient(deps, production)('operator', input);
