import type { Ports } from '../../ports/ports.js';
import type { SessionProof } from '../../ports/user-scopes.js';
import type { SessionGrant } from '../views.js';

/**
 * A second factor proved on a live session: the proof is renewed and the session's secret replaced
 * (ASVS 7.2.4), so a cookie copied before the proof is worth nothing after it. The session keeps its
 * id and its expiry; the grant is for the driving adapter's new cookie.
 */
export const rotatedProof = (deps: Pick<Ports, 'secrets' | 'clock'>, expiresAt: Date): { proof: SessionProof; grant: SessionGrant } => {
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('session');
  return { proof: { authenticatedAt: now, secondFactorAt: now, tokenHash: hash }, grant: { token: secret, expiresAt } };
};
