import type { Ports } from '../ports/ports.js';
import type { UseCases } from './use-cases.js';

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'events'>): UseCases['logout'] =>
  async (sessionToken) => {
    if (!sessionToken) return;
    const deleted = await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(sessionToken));
    if (deleted) deps.events.record({ type: 'logout', userId: deleted.userId, targetId: deleted.sessionId });
  };
