import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { OidcClient } from '../../domain/oidc-client.js';
import { oidcClientChangeRules, type OidcClientChanges } from '../../oidc-client-rules.js';
import { assertAppShape } from '../../oidc-client-shape.js';
import type { Ports } from '../../ports/ports.js';
import { invalid, parse } from '../../rules.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { existingGroups } from '../access/policy-groups.js';
import { recordClientEvent } from './oidc-admin-event.js';
import { toOidcClientView, type OidcClientView } from './oidc-client-view.js';

/** input: any of { name, redirect_uris, post_logout_redirect_uris, skip_consent, require_pkce, allowed_groups, require_mfa, introspect, device, application_type, allowed_origins, backchannel_logout_uri, id_token_signed_response_alg }. */
export type UpdateOidcClient = (caller: AdminCaller, clientId: string, input: unknown) => Promise<OidcClientView>;

const samePolicy = (a: OidcClient, b: OidcClient): boolean =>
  a.requireMfa === b.requireMfa && [...a.allowedGroups].sort().join() === [...b.allowedGroups].sort().join();

/**
 * An admin's change (recent authentication), or the operator's. The provider reads the client at
 * every authorization, refresh and userinfo call, so a changed policy holds from the next one.
 * A changed policy is recorded as access_policy_changed, naming the client.
 */
export const makeUpdateOidcClient =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>, production: boolean): UpdateOidcClient =>
  async (caller, clientId, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const body = parse<OidcClientChanges>(oidcClientChangeRules(production), input);
    return scope.transaction(async (admin) => {
      const before = await admin.findOidcClient(clientId);
      if (!before) throw new DomainError('not_found');
      const after: OidcClient = {
        ...before,
        ...(body.name !== undefined && { name: body.name }),
        ...(body.redirect_uris !== undefined && { redirectUris: body.redirect_uris }),
        ...(body.post_logout_redirect_uris !== undefined && { postLogoutRedirectUris: body.post_logout_redirect_uris }),
        ...(body.skip_consent !== undefined && { skipConsent: body.skip_consent }),
        ...(body.require_pkce !== undefined && { requirePkce: body.require_pkce }),
        ...(body.require_mfa !== undefined && { requireMfa: body.require_mfa }),
        ...(body.introspect !== undefined && { introspect: body.introspect }),
        ...(body.device !== undefined && { device: body.device }),
        ...(body.application_type !== undefined && { applicationType: body.application_type }),
        ...(body.allowed_origins !== undefined && { allowedOrigins: body.allowed_origins }),
        ...(body.backchannel_logout_uri !== undefined && { backchannelLogoutUri: body.backchannel_logout_uri }),
        ...(body.id_token_signed_response_alg !== undefined && { idTokenAlgorithm: body.id_token_signed_response_alg }),
        ...(body.allowed_groups !== undefined && { allowedGroups: await existingGroups(admin, body.allowed_groups) }),
      };
      if (after.type === 'public' && !after.requirePkce) throw invalid(['require_pkce'], 'may be false only for a confidential client');
      if (after.type === 'public' && after.introspect) throw invalid(['introspect'], 'may be true only for a confidential client');
      assertAppShape(after);
      await admin.updateOidcClient(after);
      if (!samePolicy(before, after)) await recordClientEvent(deps, admin, 'access_policy_changed', clientId);
      return toOidcClientView(after);
    });
  };
