import { BREACHED, passwordPolicyProblem } from '../../domain/password-policy.js';
import type { Ports } from '../../ports/ports.js';
import { invalid } from '../../rules.js';

/**
 * The rules for a new password that need more than its own field, for every path that sets one
 * (registration, create-admin, password change, recovery). The breach lists come last: they may
 * read a file, and a password that breaks a cheaper rule need not be looked up. loc names the field.
 */
export const ensurePasswordPolicy = async (
  deps: Pick<Ports, 'blocklist'>,
  password: string,
  account: { email: string; displayName: string },
  field: string,
): Promise<void> => {
  const problem = passwordPolicyProblem(password, account, deps.blocklist.contextWords);
  if (problem) throw invalid([field], problem);
  if (await deps.blocklist.isBreached(password)) throw invalid([field], BREACHED);
};
