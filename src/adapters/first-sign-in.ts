import type { FirstSignIn } from '../core/ports/auth-lookups.js';
import type { UserScope } from '../core/ports/user-scopes.js';

/** A registration's first sign-in through the new user's scope, as every adapter without a unit of its own runs it. */
export const signInNewUser = async <T>(scope: UserScope, firstSignIn: FirstSignIn<T>): Promise<T> => {
  const { session, event, result } = firstSignIn(scope.userId);
  await scope.recordSignIn({ userChanges: {}, session, event });
  return result;
};
