import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { parse, totpCodeRules } from '../../rules.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { rotatedProof } from '../step-up/rotated-proof.js';
import { openTotpSecret } from './totp-secret.js';
import { isPendingTotpFresh } from './pending-totp.js';
import { trailEvent } from '../trail-event.js';
import type { SessionGrant } from '../views.js';

/** The recovery codes when it is the user's first factor, else null. */
export type ConfirmTotp = (principal: Principal, input: unknown) => Promise<{ recoveryCodes: string[] | null; session: SessionGrant }>;

/**
 * The first right code turns the app on. In one transaction: the factor, the recovery codes if it is
 * the first factor, the end of every other session, and the current one proved with a second factor
 * and its secret rotated.
 */
export const makeConfirmTotp =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'totp' | 'secretBox' | 'secrets'>): ConfirmTotp =>
  async (principal, input) => {
    const { sessionId, expiresAt } = requireSession(principal);
    const body = parse<{ code: string }>(totpCodeRules, input);
    const scope = deps.scopes.open(principal.userId);
    const factor = await scope.factors.findTotp();
    // A set-up left waiting longer than its window is gone: the user starts again with a new key.
    if (!factor || !isPendingTotpFresh(factor, deps.clock.now())) throw new DomainError('mfa_not_enabled');
    const secret = await openTotpSecret(deps, scope, factor);
    const step = secret === null ? null : deps.totp.matchStep(secret, body.code, deps.clock.now());
    if (step === null) throw new DomainError('invalid_credentials');
    const first = !(await scope.hasSecondFactor());
    const codes = first ? newRecoveryCodes(deps, scope.userId) : null;
    const rotation = rotatedProof(deps, expiresAt);
    await scope.transaction(async (tx) => {
      const now = deps.clock.now();
      if (!(await tx.factors.confirmTotp(now, step))) throw new DomainError('mfa_not_enabled');
      if (codes) await tx.factors.replaceRecoveryCodes(codes.records);
      await tx.deleteSessionsExcept(sessionId);
      await tx.proveSession(sessionId, rotation.proof);
      await tx.recordEvent(trailEvent(deps, 'mfa_enabled', principal.context, { targetId: factor.id }));
    });
    return { recoveryCodes: codes?.codes ?? null, session: rotation.grant };
  };
