import { DomainError } from '../../domain/errors.js';
import { PENDING_LOGIN_ATTEMPTS, type PendingLogin } from '../../domain/pending-login.js';
import type { AuthMethod } from '../../domain/session.js';
import { isDisabled, toPublicUser, type PublicUser } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import type { Proof } from '../mfa/prove-code.js';
import { endPresentedSession } from './end-presented-session.js';
import { newSession } from './new-session.js';
import { findPendingLogin } from './pending-login.js';
import { countRefusedProof, refuseWhileLocked } from './second-factor-lock.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { trailEvent } from '../trail-event.js';
import { issueDeviceCookie, loginAttempt } from './trusted-device.js';
import type { SessionGrant, SignInContext } from '../views.js';

export type SecondStepDeps = Pick<Ports, 'auth' | 'scopes' | 'secrets' | 'ids' | 'clock' | 'secretBox'>;

export interface SecondStepAttempt {
  /** What a refused proof answers: a wrong code is invalid_credentials, a bad assertion webauthn_failed. */
  refusal: 'invalid_credentials' | 'webauthn_failed';
  /** The factor's RFC 8176 method, recorded on the session beside `pwd` and `mfa`. */
  method: Extract<AuthMethod, 'otp' | 'hwk'>;
  /** Proves the factor inside the transaction that opens the session. */
  prove(scope: UserScope, pending: PendingLogin): Promise<Proof>;
}

/**
 * The second login step, whatever the factor. Each attempt is counted on the pending login before
 * the proof is looked at (five, then it is gone) and on the email's failure limit (docs/security.md), so
 * six digits cannot be guessed across pending logins. The proof, the pending login's end and the
 * new session commit together: a recovery code is spent only if the session opens. Refused proofs
 * count toward the cap of second-factor-lock.ts, which a success clears.
 */
export const completeSecondStep = async (
  deps: SecondStepDeps,
  guard: ThrottleGuard,
  pendingSecret: string | null,
  context: SignInContext,
  attempt: SecondStepAttempt,
): Promise<{ user: PublicUser; session: SessionGrant; device: SessionGrant }> => {
  const { pending, user, scope } = await findPendingLogin(deps, pendingSecret);
  // Disabled after the password step: refused like a wrong code, and the pending login ends.
  if (isDisabled(user)) {
    await scope.factors.deletePendingLogin(pending.id);
    throw new DomainError('invalid_credentials');
  }
  await refuseWhileLocked(scope);
  if (!(await scope.factors.countPendingLoginAttempt(pending.id, PENDING_LOGIN_ATTEMPTS))) {
    await scope.factors.deletePendingLogin(pending.id);
    throw new DomainError('not_authenticated');
  }
  const counted = loginAttempt(deps, user.email, user.id, context);
  await guard.admitLogin(counted, () => scope.recordEvent(trailEvent(deps, 'login_throttled', context)));
  const { session, grant } = newSession(deps, user.id, context.userAgent, ['pwd', attempt.method, 'mfa'], deps.clock.now());
  const proof = await scope.transaction(async (tx): Promise<Proof> => {
    const outcome = await attempt.prove(tx, pending);
    if (outcome !== 'proved') return outcome;
    // Another request completed it first: roll the proof back, this one opens nothing.
    if (!(await tx.factors.deletePendingLogin(pending.id))) throw new DomainError('not_authenticated');
    await tx.factors.clearSecondFactorFailures();
    await tx.recordSignIn({ userChanges: { lastLoginAt: session.createdAt }, session, event: trailEvent(deps, 'login_succeeded', context, { targetId: session.id }) });
    return 'proved';
  });
  if (proof !== 'proved') {
    // A used code counts like a wrong one; only a page says which it was (the API answers as for a wrong code).
    await countRefusedProof(deps, scope, context);
    await scope.recordEvent(trailEvent(deps, 'login_failed', context));
    throw new DomainError(proof === 'used' ? 'totp_code_used' : attempt.refusal);
  }
  await guard.clearLoginFailures(counted);
  await endPresentedSession(deps, context);
  return { user: toPublicUser(user), session: grant, device: issueDeviceCookie(deps, user.id) };
};
