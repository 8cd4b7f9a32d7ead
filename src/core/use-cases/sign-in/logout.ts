import type { Ports } from '../../ports/ports.js';
import { trailEvent } from '../trail-event.js';
import type { UseCases } from '../use-cases.js';

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'ids' | 'clock'>): UseCases['logout'] =>
  async (sessionToken, context) => {
    if (!sessionToken) return;
    await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(sessionToken), (scope, sessionId) =>
      scope.recordEvent(trailEvent(deps, 'logout', context, { targetId: sessionId })),
    );
  };
