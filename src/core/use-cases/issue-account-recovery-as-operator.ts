import { normalizeEmail } from '../domain/email.js';
import { DomainError } from '../domain/errors.js';
import type { Ports } from '../ports/ports.js';
import type { UseCases } from './use-cases.js';

/**
 * `gatehouse recovery-code --email E`: the way back in when the only admin has lost its password.
 * The operator names the user by email; an email with no account is refused (not_found).
 */
export const makeIssueAccountRecoveryAsOperator =
  (deps: Pick<Ports, 'auth'>, issue: UseCases['issueAccountRecovery']): UseCases['issueAccountRecoveryAsOperator'] =>
  async (email) => {
    const user = await deps.auth.findUserByEmail(normalizeEmail(email));
    if (!user) throw new DomainError('not_found');
    return issue(user.id, { kind: 'operator' });
  };
