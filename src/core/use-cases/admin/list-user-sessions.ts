import type { AdminCaller } from '../../domain/admin-principal.js';
import { currentSessionId } from '../../domain/principal.js';
import { isSessionExpired } from '../../domain/session.js';
import type { Ports } from '../../ports/ports.js';
import { toSessionView } from '../to-views.js';
import type { SessionView } from '../views.js';
import { openAdminScope } from './admin-authentication.js';
import { findTarget } from './on-target-user.js';

export type ListUserSessions = (caller: AdminCaller, userId: string) => Promise<SessionView[]>;

/**
 * Another user's live sessions as an admin reads them, newest first: when each began and was last
 * seen, and the user agent as sent. An expired one is over, so it is left out as the user's own
 * list leaves it out. `current` marks the admin's own session when the admin reads its own page.
 */
export const makeListUserSessions =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'clock'>): ListUserSessions =>
  async (caller, userId) => {
    const { scope } = await findTarget(await openAdminScope(deps, caller), { id: userId });
    const now = deps.clock.now();
    const own = caller === 'operator' ? null : currentSessionId(caller);
    return (await scope.listSessions()).filter((session) => !isSessionExpired(session, now)).map((session) => toSessionView(session, own));
  };
