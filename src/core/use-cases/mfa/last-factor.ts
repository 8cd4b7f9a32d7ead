import type { UserScope } from '../../ports/user-scopes.js';

/** Recovery codes back up a second factor; once none is left they would be a password of their own. */
export const dropRecoveryCodesWithLastFactor = async (scope: UserScope): Promise<void> => {
  if (!(await scope.hasSecondFactor())) await scope.factors.deleteRecoveryCodes();
};
