import { initialExpiry, truncateUserAgent } from '../domain/session.js';
import type { Ports } from '../ports/ports.js';
import type { SessionGrant } from './views.js';

/** Creates a fresh session row; the secret goes back to the caller only, its hash to the store. */
export const makeOpenSession =
  (deps: Pick<Ports, 'auth' | 'secrets' | 'ids' | 'clock'>) =>
  async (userId: string, userAgent: string | null): Promise<SessionGrant> => {
    const now = deps.clock.now();
    const { secret, hash } = deps.secrets.issue('session');
    const expiresAt = initialExpiry(now);
    await deps.auth.insertSession({
      id: deps.ids.next(),
      userId,
      tokenHash: hash,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      userAgent: truncateUserAgent(userAgent),
    });
    return { token: secret, expiresAt };
  };
