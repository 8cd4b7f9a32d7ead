import { DomainError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';

/** The caller's own (cookie or token); a client it has no grant for → not_found. */
export type RevokeMyOidcGrant = (principal: Principal, clientId: string) => Promise<void>;

/**
 * The remembered consent, and every code, access and refresh token the client holds for the user,
 * go together with the event: the next sign-in at that client asks for consent again.
 */
export const makeRevokeMyOidcGrant =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'backchannel'>): RevokeMyOidcGrant =>
  async (principal, clientId) => {
    const ended = await deps.scopes.open(principal.userId).transaction(async (scope) => {
      const told = await scope.oidc.logoutTargetsFor(clientId);
      if (!(await scope.oidc.revokeClient(clientId))) throw new DomainError('not_found');
      await scope.recordEvent(trailEvent(deps, 'oidc_consent_revoked', principal.context, { targetId: clientId }));
      return told;
    });
    // The client's sessions with the user are over too, though the user's own sessions go on.
    deps.backchannel.notify(principal.userId, ended);
  };
