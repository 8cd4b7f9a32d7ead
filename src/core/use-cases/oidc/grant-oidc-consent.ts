import { REMEMBERED_CONSENT_SECONDS } from '../../domain/oidc-grant.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

/** The consent the person gave at a client, as the provider saved it: the grant that holds it. */
export interface GivenConsent {
  clientId: string;
  grantId: string;
}

/** For the provider (src/oidc): the caller allowed a client; the next sign-in there asks no consent for as much. */
export type GrantOidcConsent = (principal: Principal, consent: GivenConsent) => Promise<void>;

/**
 * The remembered consent and its event commit together: a consent remembered is in the trail, and
 * one the trail does not show is not remembered. The grant's own payload belongs to the provider
 * and is saved by it before.
 */
export const makeGrantOidcConsent =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): GrantOidcConsent =>
  async (principal, { clientId, grantId }) => {
    const now = deps.clock.now();
    await deps.scopes.open(principal.userId).transaction(async (scope) => {
      await scope.oidc.rememberConsent({ clientId, grantId }, now, new Date(now.getTime() + REMEMBERED_CONSENT_SECONDS * 1000));
      await scope.recordEvent(trailEvent(deps, 'oidc_consent_granted', principal.context, { targetId: clientId }));
    });
  };
