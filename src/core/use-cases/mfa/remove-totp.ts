import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passwordOnlyRules } from '../../rules.js';
import { dropRecoveryCodesWithLastFactor } from './last-factor.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';

export type RemoveTotp = (principal: Principal, input: unknown) => Promise<void>;

/** Removing the app (or an unconfirmed enrolment); with the last factor go the recovery codes. */
export const makeRemoveTotp =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>, checkPassword: PasswordCheck): RemoveTotp =>
  async (principal, input) => {
    const { sessionId } = requireSession(principal);
    const body = parse<{ password: string }>(passwordOnlyRules, input);
    const scope = deps.scopes.open(principal.userId);
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const [user, factor] = [await scope.findUser(), await scope.factors.findTotp()];
    if (!user) throw new DomainError('not_authenticated');
    if (!factor) throw new DomainError('mfa_not_enabled');
    await checkPassword(scope, user, body.password, principal.context);
    await scope.transaction(async (tx) => {
      if (!(await tx.factors.deleteTotp())) throw new DomainError('mfa_not_enabled');
      if (factor.confirmedAt === null) return; // nothing was ever enabled
      await dropRecoveryCodesWithLastFactor(tx);
      await tx.deleteSessionsExcept(sessionId);
      await tx.recordEvent(trailEvent(deps, 'mfa_disabled', principal.context, { targetId: factor.id }));
    });
  };
