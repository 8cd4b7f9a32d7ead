import { currentSessionId, type Principal } from '../../domain/principal.js';
import { isSessionExpired } from '../../domain/session.js';
import type { Ports } from '../../ports/ports.js';
import { toSessionView } from '../to-views.js';
import type { SessionView } from '../views.js';

export type ListSessions = (principal: Principal) => Promise<SessionView[]>;

export const makeListSessions =
  (deps: Pick<Ports, 'scopes' | 'clock'>): ListSessions =>
  async (principal) => {
    const now = deps.clock.now();
    const live = (await deps.scopes.open(principal.userId).listSessions()).filter((s) => !isSessionExpired(s, now));
    return live.map((session) => toSessionView(session, currentSessionId(principal)));
  };
