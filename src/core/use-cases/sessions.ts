import { DomainError } from '../domain/errors.js';
import { currentSessionId, requireSession } from '../domain/principal.js';
import { isSessionExpired } from '../domain/session.js';
import type { Ports } from '../ports/ports.js';
import { toSessionView } from './to-views.js';
import type { UseCases } from './use-cases.js';

export const makeListSessions =
  (deps: Pick<Ports, 'scopes' | 'clock'>): UseCases['listSessions'] =>
  async (principal) => {
    const now = deps.clock.now();
    const live = (await deps.scopes.open(principal.userId).listSessions()).filter((s) => !isSessionExpired(s, now));
    return live.map((session) => toSessionView(session, currentSessionId(principal)));
  };

export const makeRevokeSession =
  (deps: Pick<Ports, 'scopes' | 'events'>): UseCases['revokeSession'] =>
  async (principal, sessionId) => {
    if (!(await deps.scopes.open(principal.userId).deleteSession(sessionId))) throw new DomainError('not_found');
    deps.events.record({ type: 'session_revoked', userId: principal.userId, targetId: sessionId });
    return { wasCurrent: sessionId === currentSessionId(principal) };
  };

export const makeRevokeOtherSessions =
  (deps: Pick<Ports, 'scopes' | 'events'>): UseCases['revokeOtherSessions'] =>
  async (principal) => {
    await deps.scopes.open(principal.userId).deleteSessionsExcept(requireSession(principal));
    deps.events.record({ type: 'other_sessions_revoked', userId: principal.userId });
  };
