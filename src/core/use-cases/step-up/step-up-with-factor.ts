import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import type { Proof } from '../mfa/prove-code.js';
import type { ThrottleGuard } from '../sign-in/throttle-guard.js';
import { rotatedProof } from './rotated-proof.js';
import { countRefusedProof, refuseWhileLocked } from '../sign-in/second-factor-lock.js';
import { trailEvent } from '../trail-event.js';
import type { SessionGrant } from '../views.js';
import { loginAttempt } from '../sign-in/trusted-device.js';

/**
 * Renews the current session's proofs with a second factor and rotates its secret. Counted on the email's
 * failure limit like a password re-check, and a refusal lands in the trail; the proof is spent
 * only if the renewal commits.
 */
export const stepUpWithFactor = async (
  deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'secretBox' | 'secrets'>,
  guard: ThrottleGuard,
  principal: Principal,
  refusal: 'invalid_credentials' | 'webauthn_failed',
  prove: (scope: UserScope, sessionId: string) => Promise<Proof>,
): Promise<SessionGrant> => {
  const { sessionId, expiresAt } = requireSession(principal);
  const scope = deps.scopes.open(principal.userId);
  const { context, user } = principal;
  const attempt = loginAttempt(deps, user.email, principal.userId, context);
  await guard.admitLogin(attempt, () => scope.recordEvent(trailEvent(deps, 'login_throttled', context)));
  await refuseWhileLocked(scope);
  const rotation = rotatedProof(deps, expiresAt);
  const proof = await scope.transaction(async (tx): Promise<Proof> => {
    const outcome = await prove(tx, sessionId);
    if (outcome !== 'proved') return outcome;
    await tx.factors.clearSecondFactorFailures();
    if (!(await tx.proveSession(sessionId, rotation.proof))) throw new DomainError('not_authenticated');
    return 'proved';
  });
  if (proof !== 'proved') {
    // A used code counts like a wrong one; only a page says which it was.
    await countRefusedProof(deps, scope, context);
    await scope.recordEvent(trailEvent(deps, 'login_failed', context));
    throw new DomainError(proof === 'used' ? 'totp_code_used' : refusal);
  }
  await guard.clearLoginFailures(attempt);
  return rotation.grant;
};
