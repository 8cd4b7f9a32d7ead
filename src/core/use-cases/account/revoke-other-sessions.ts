import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';

/** Session credentials only (else forbidden), with recent authentication. */
export type RevokeOtherSessions = (principal: Principal) => Promise<void>;

export const makeRevokeOtherSessions =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): RevokeOtherSessions =>
  async (principal) => {
    const { sessionId } = requireSession(principal);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'always');
    await scope.transaction(async (tx) => {
      await tx.deleteSessionsExcept(sessionId);
      await tx.recordEvent(trailEvent(deps, 'session_revoked', principal.context));
    });
  };
