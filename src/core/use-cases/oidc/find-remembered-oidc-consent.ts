import { CONSENT_MODEL, consentKey } from '../../domain/oidc-grant.js';
import type { Ports } from '../../ports/ports.js';

/**
 * For the provider (src/oidc): the grant an account's remembered consent at a client names, or null.
 * The account id comes from the provider's own session, so it is read by its key, not by a scope.
 */
export type FindRememberedOidcConsent = (accountId: string, clientId: string) => Promise<string | null>;

export const makeFindRememberedOidcConsent =
  (deps: Pick<Ports, 'oidcPayloads'>): FindRememberedOidcConsent =>
  async (accountId, clientId) => {
    const row = await deps.oidcPayloads.find(CONSENT_MODEL, consentKey(accountId, clientId));
    return typeof row?.grantId === 'string' ? row.grantId : null;
  };
