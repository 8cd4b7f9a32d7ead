import { DomainError } from '../../domain/errors.js';
import { currentSessionId, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';

/** Unknown or another user's id → not_found; another session by cookie needs recent authentication. */
export type RevokeSession = (principal: Principal, sessionId: string) => Promise<{ wasCurrent: boolean }>;

/** Ending one's own current session is a logout and needs nothing; ending another by cookie needs recent authentication. */
export const makeRevokeSession =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>): RevokeSession =>
  async (principal, sessionId) => {
    const scope = deps.scopes.open(principal.userId);
    const wasCurrent = sessionId === currentSessionId(principal);
    if (principal.credential.kind === 'session' && !wasCurrent) {
      if (!(await scope.findSession(sessionId))) throw new DomainError('not_found');
      await requireRecentAuthentication(deps, principal, scope, 'always');
    }
    await scope.transaction(async (tx) => {
      if (!(await tx.deleteSession(sessionId))) throw new DomainError('not_found');
      await tx.recordEvent(trailEvent(deps, 'session_revoked', principal.context, { targetId: sessionId }));
    });
    return { wasCurrent };
  };
