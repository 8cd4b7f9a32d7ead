import { initialExpiry, truncateUserAgent, type AuthMethod, type Session } from '../../domain/session.js';
import type { UserId } from '../../domain/user-id.js';
import type { Ports } from '../../ports/ports.js';
import type { SessionGrant } from '../views.js';

/**
 * A fresh session row proved just now, and the secret for the caller's cookie. Nothing is written:
 * the caller inserts it through the user's scope, in the transaction of the change that opens it.
 * `authMethods` say how it was opened (RFC 8176, docs/security.md), for an ID token's `amr`.
 */
export const newSession = (
  deps: Pick<Ports, 'secrets' | 'ids' | 'clock'>,
  userId: UserId,
  userAgent: string | null,
  authMethods: readonly AuthMethod[],
  secondFactorAt: Date | null = null,
): { session: Session; grant: SessionGrant } => {
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('session');
  const expiresAt = initialExpiry(now);
  const session: Session = {
    id: deps.ids.next(),
    userId,
    tokenHash: hash,
    createdAt: now,
    expiresAt,
    lastSeenAt: now,
    userAgent: truncateUserAgent(userAgent),
    authenticatedAt: now,
    secondFactorAt,
    authMethods: [...authMethods],
  };
  return { session, grant: { token: secret, expiresAt } };
};
