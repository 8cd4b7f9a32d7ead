import { DomainError } from '../domain/errors.js';
import { requireSession } from '../domain/principal.js';
import type { Ports } from '../ports/ports.js';
import { parse, stepUpRules } from '../rules.js';
import type { PasswordCheck } from './password-check.js';
import type { UseCases } from './use-cases.js';

/**
 * Renews the current session's proof of identity in place, without minting a new session. A user
 * with a second factor must prove that factor: a password alone is refused like a wrong one.
 */
export const makeStepUp =
  (deps: Pick<Ports, 'scopes' | 'clock'>, checkPassword: PasswordCheck): UseCases['stepUp'] =>
  async (principal, input) => {
    const credential = requireSession(principal);
    const body = parse<{ password: string }>(stepUpRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    if (await scope.hasSecondFactor()) throw new DomainError('invalid_credentials');
    await checkPassword(scope, user, body.password, principal.context);
    const proved = await scope.proveSession(credential.sessionId, {
      authenticatedAt: deps.clock.now(),
      secondFactorAt: credential.secondFactorAt,
    });
    if (!proved) throw new DomainError('not_authenticated');
  };
