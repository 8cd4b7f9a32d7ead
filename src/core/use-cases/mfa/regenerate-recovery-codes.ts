import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import type { Ports } from '../../ports/ports.js';
import { parse, passwordOnlyRules } from '../../rules.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import type { PasswordCheck } from '../sign-in/password-check.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';
import { trailEvent } from '../trail-event.js';

export type RegenerateRecoveryCodes = (principal: Principal, input: unknown) => Promise<string[]>;

/** Ten new codes; every earlier one is void. Only the hashes are kept, so this is the only time they are seen. */
export const makeRegenerateRecoveryCodes =
  (deps: Pick<Ports, 'scopes' | 'ids' | 'clock' | 'secrets'>, checkPassword: PasswordCheck): RegenerateRecoveryCodes =>
  async (principal, input) => {
    const { sessionId } = requireSession(principal);
    const body = parse<{ password: string }>(passwordOnlyRules, input);
    const scope = deps.scopes.open(principal.userId);
    if (!(await scope.hasSecondFactor())) throw new DomainError('mfa_not_enabled');
    await requireRecentAuthentication(deps, principal, scope, 'withSecondFactor');
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    await checkPassword(scope, user, body.password, principal.context);
    const { codes, records } = newRecoveryCodes(deps, scope.userId);
    await scope.transaction(async (tx) => {
      await tx.factors.replaceRecoveryCodes(records);
      await tx.deleteSessionsExcept(sessionId);
      await tx.recordEvent(trailEvent(deps, 'recovery_codes_regenerated', principal.context));
    });
    return codes;
  };
