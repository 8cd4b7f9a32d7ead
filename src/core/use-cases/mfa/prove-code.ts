import { normalizeRecoveryCode } from '../../domain/recovery-code.js';
import type { RequestContext } from '../../domain/request-context.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import { openTotpSecret } from './totp-secret.js';
import { trailEvent } from '../trail-event.js';

export interface CodeProof {
  code?: string;
  recovery_code?: string;
}

/** A used TOTP step is told apart from a wrong code, so a page can say to wait for the next one. */
export type Proof = 'proved' | 'wrong' | 'used';

export type ProveDeps = Pick<Ports, 'totp' | 'secretBox' | 'secrets' | 'ids' | 'clock'>;

/**
 * 'proved' when the code proves the user's second factor, and then it is used up: a TOTP step is never
 * accepted twice ('used' when it matches a step already taken), a recovery code is deleted (and the
 * trail says so; a spent one is only 'wrong', as its row is gone). Run it inside the transaction
 * of what the proof opens, so a proof is spent only if that commits.
 */
export const proveCode = async (deps: ProveDeps, scope: UserScope, proof: CodeProof, context: RequestContext): Promise<Proof> => {
  if (proof.recovery_code !== undefined) {
    const normalized = normalizeRecoveryCode(proof.recovery_code);
    if (normalized === null || !(await scope.factors.useRecoveryCode(deps.secrets.hashOf(normalized)))) return 'wrong';
    await scope.recordEvent(trailEvent(deps, 'recovery_code_used', context));
    return 'proved';
  }
  const factor = await scope.factors.findTotp();
  if (!factor || factor.confirmedAt === null || proof.code === undefined) return 'wrong';
  const secret = await openTotpSecret(deps, scope, factor);
  const step = secret === null ? null : deps.totp.matchStep(secret, proof.code, deps.clock.now());
  // One conditional update: of two requests with the same code, only one moves the step forward.
  if (step === null) return 'wrong';
  return (await scope.factors.useTotpStep(step)) ? 'proved' : 'used';
};
