import { passwordPolicyProblem } from '../domain/password-policy.js';
import { invalid } from '../rules.js';

/** The registration rules that need the account's other fields; loc names the offending field. */
export const ensurePasswordPolicy = (
  password: string,
  account: { email: string; displayName: string },
  field: string,
): void => {
  const problem = passwordPolicyProblem(password, account);
  if (problem) throw invalid([field], problem);
};
