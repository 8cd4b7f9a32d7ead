import type { Ports } from '../../ports/ports.js';
import type { SessionProof } from '../../ports/user-scopes.js';
import type { SessionGrant } from '../views.js';

/**
 * A re-authentication on a live session: the proof is renewed and the session's secret replaced
 * (ASVS 7.2.4), so a cookie copied before the proof is worth nothing after it. The session keeps its
 * id and its expiry; the grant is for the driving adapter's new cookie. A password proves no second
 * factor: given `byPassword`, the session keeps the second-factor proof it had.
 */
export const rotatedProof = (
  deps: Pick<Ports, 'secrets' | 'clock'>,
  expiresAt: Date,
  byPassword?: { secondFactorAt: Date | null },
): { proof: SessionProof; grant: SessionGrant } => {
  const now = deps.clock.now();
  const { secret, hash } = deps.secrets.issue('session');
  const secondFactorAt = byPassword ? byPassword.secondFactorAt : now;
  return { proof: { authenticatedAt: now, secondFactorAt, tokenHash: hash }, grant: { token: secret, expiresAt } };
};
