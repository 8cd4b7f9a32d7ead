import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

export type OidcEventType = 'oidc_consent_granted' | 'oidc_signed_in';

/**
 * For the provider (src/oidc): a consent given or a sign-in completed at a client, in the trail of
 * the signed-in user whose browser did it (its address and user agent), naming the client by id.
 */
export type RecordOidcEvent = (principal: Principal, type: OidcEventType, clientId: string) => Promise<void>;

export const makeRecordOidcEvent =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): RecordOidcEvent =>
  (principal, type, clientId) =>
    deps.scopes.open(principal.userId).recordEvent(trailEvent(deps, type, principal.context, { targetId: clientId }));
