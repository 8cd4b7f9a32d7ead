import type { Ports } from '../ports/ports.js';
import type { UseCases } from './use-cases.js';

/** Idempotent: an unknown or missing token is already logged out. */
export const makeLogout =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'events'>): UseCases['logout'] =>
  async (sessionToken) => {
    if (!sessionToken) return;
    const tokenHash = deps.secrets.hashOf(sessionToken);
    const found = await deps.auth.findSessionByTokenHash(tokenHash);
    await deps.auth.deleteSessionByTokenHash(tokenHash);
    if (found) deps.events.record({ type: 'logout', userId: found.user.id, targetId: found.session.id });
  };
