import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { isDisabled } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import { parse, stepUpRules } from '../../rules.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { proveCode, type CodeProof } from '../mfa/prove-code.js';
import { rotatedProof } from './rotated-proof.js';
import { stepUpWithFactor } from './step-up-with-factor.js';
import type { ThrottleGuard } from '../sign-in/throttle-guard.js';
import type { SessionGrant } from '../views.js';

/** Renews the current session's proof (cookie only): `{password}` without a second factor, `{code}` or `{recovery_code}` with one. */
export type StepUp = (principal: Principal, input: unknown) => Promise<SessionGrant>;

/**
 * Renews the current session's proof of identity and rotates its secret (the new grant), whichever
 * proof it was. A user with a second factor must prove that factor; a password alone is refused
 * like a wrong one, and so is a code from a user without one.
 */
export const makeStepUp =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'totp' | 'secretBox' | 'secrets'>, checkPassword: PasswordCheck, guard: ThrottleGuard): StepUp =>
  async (principal, input) => {
    const credential = requireSession(principal);
    const body = parse<CodeProof & { password?: string }>(stepUpRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    if (isDisabled(user)) throw new DomainError('invalid_credentials');
    const withFactor = await scope.hasSecondFactor();
    if (body.password === undefined) {
      if (!withFactor) throw new DomainError('invalid_credentials');
      return stepUpWithFactor(deps, guard, principal, 'invalid_credentials', (tx) => proveCode(deps, tx, body, principal.context));
    }
    if (withFactor) throw new DomainError('invalid_credentials');
    await checkPassword(scope, user, body.password, principal.context);
    const rotation = rotatedProof(deps, credential.expiresAt, { secondFactorAt: credential.secondFactorAt });
    if (!(await scope.proveSession(credential.sessionId, rotation.proof))) throw new DomainError('not_authenticated');
    return rotation.grant;
  };
