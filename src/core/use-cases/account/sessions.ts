import { DomainError } from '../../domain/errors.js';
import { currentSessionId, requireSession, type Principal } from '../../domain/principal.js';
import { isSessionExpired } from '../../domain/session.js';
import type { Ports } from '../../ports/ports.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { toSessionView } from '../to-views.js';
import { trailEvent } from '../trail-event.js';
import type { SessionView } from '../views.js';
type Deps = Pick<Ports, 'scopes' | 'ids' | 'clock'>;
export type ListSessions = (principal: Principal) => Promise<SessionView[]>;

export const makeListSessions =
  (deps: Pick<Ports, 'scopes' | 'clock'>): ListSessions =>
  async (principal) => {
    const now = deps.clock.now();
    const live = (await deps.scopes.open(principal.userId).listSessions()).filter((s) => !isSessionExpired(s, now));
    return live.map((session) => toSessionView(session, currentSessionId(principal)));
  };

/** Unknown or another user's id → not_found; another session by cookie needs recent authentication. */
export type RevokeSession = (principal: Principal, sessionId: string) => Promise<{ wasCurrent: boolean }>;

/** Ending one's own current session is a logout and needs nothing; ending another by cookie needs recent authentication. */
export const makeRevokeSession =
  (deps: Deps): RevokeSession =>
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

/** Session credentials only (else forbidden), with recent authentication. */
export type RevokeOtherSessions = (principal: Principal) => Promise<void>;

export const makeRevokeOtherSessions =
  (deps: Deps): RevokeOtherSessions =>
  async (principal) => {
    const { sessionId } = requireSession(principal);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'always');
    await scope.transaction(async (tx) => {
      await tx.deleteSessionsExcept(sessionId);
      await tx.recordEvent(trailEvent(deps, 'session_revoked', principal.context));
    });
  };
