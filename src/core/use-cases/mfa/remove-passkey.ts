import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passwordOnlyRules } from '../../rules.js';
import { dropRecoveryCodesWithLastFactor } from './last-factor.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';

export type RemovePasskey = (principal: Principal, passkeyId: string, input: unknown) => Promise<void>;

/** Another user's passkey or an unknown id is not found, as for sessions and tokens. */
export const makeRemovePasskey =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock'>, checkPassword: PasswordCheck): RemovePasskey =>
  async (principal, passkeyId, input) => {
    const { sessionId } = requireSession(principal);
    const body = parse<{ password: string }>(passwordOnlyRules, input);
    const scope = deps.scopes.open(principal.userId);
    if (!(await scope.factors.listPasskeys()).some((passkey) => passkey.id === passkeyId)) throw new DomainError('not_found');
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    await checkPassword(scope, user, body.password, principal.context);
    await scope.transaction(async (tx) => {
      if (!(await tx.factors.deletePasskey(passkeyId))) throw new DomainError('not_found');
      await dropRecoveryCodesWithLastFactor(tx);
      await tx.deleteSessionsExcept(sessionId);
      await tx.recordEvent(trailEvent(deps, 'passkey_removed', principal.context, { targetId: passkeyId }));
    });
  };
