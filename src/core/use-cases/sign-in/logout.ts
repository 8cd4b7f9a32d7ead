import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';
import type { LogoutTarget } from '../../ports/backchannel-logout.js';
import type { RequestContext } from '../views.js';

export type Logout = (sessionToken: string | null, context: RequestContext) => Promise<void>;

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'ids' | 'clock' | 'backchannel'>): Logout =>
  async (sessionToken, context) => {
    if (!sessionToken) return;
    const tokenHash = deps.secrets.hashOf(sessionToken);
    // The provider sessions this one signed in (the same sign-in time) end with it, and their clients are told.
    const signedIn = (await deps.auth.findSessionByTokenHash(tokenHash))?.session.authenticatedAt;
    let ended: LogoutTarget[] = [];
    const gone = await deps.auth.deleteSessionByTokenHash(tokenHash, async (scope, sessionId) => {
      await scope.recordEvent(trailEvent(deps, 'logout', context, { targetId: sessionId }));
      ended = signedIn ? await scope.oidc.endSessions([signedIn]) : [];
    });
    if (gone) deps.backchannel.notify(gone.userId, ended);
  };
