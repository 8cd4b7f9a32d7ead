import type { OidcClientView } from '../../../src/core/use-cases/oidc/oidc-client-view.js';

/** OidcClientOut's access-policy fields (allowed_groups holds ids), printed beside the rest. */
export const policyOut = (client: OidcClientView) => ({ allowed_groups: client.allowedGroups, require_mfa: client.requireMfa });
