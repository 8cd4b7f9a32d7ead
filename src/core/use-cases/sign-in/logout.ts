import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';
import type { RequestContext } from '../views.js';

export type Logout = (sessionToken: string | null, context: RequestContext) => Promise<void>;

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'ids' | 'clock'>): Logout =>
  async (sessionToken, context) => {
    if (!sessionToken) return;
    await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(sessionToken), (scope, sessionId) =>
      scope.recordEvent(trailEvent(deps, 'logout', context, { targetId: sessionId })),
    );
  };
