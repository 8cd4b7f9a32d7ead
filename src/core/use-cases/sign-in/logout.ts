import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';
import type { LogoutTarget } from '../../ports/backchannel-logout.js';
import type { RequestContext } from '../views.js';

export type Logout = (sessionToken: string | null, context: RequestContext) => Promise<void>;

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'ids' | 'clock' | 'backchannel'>): Logout =>
  async (sessionToken, context) => {
    if (!sessionToken) return;
    let ended: LogoutTarget[] = [];
    const gone = await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(sessionToken), async (scope, sessionId) => {
      await scope.recordEvent(trailEvent(deps, 'logout', context, { targetId: sessionId }));
      ended = await endOidcSessions(scope);
    });
    if (gone) deps.backchannel.notify(gone.userId, ended);
  };
