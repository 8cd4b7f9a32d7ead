import type { FirstSignIn } from '../core/ports/auth-lookups.js';
import type { SignInRecord, UserScope } from '../core/ports/user-scopes.js';

/** UserScope.recordSignIn as its three steps in one transaction: what an adapter without a unit of its own runs. */
export const recordSignInStepByStep = (scope: UserScope, { userChanges, session, event }: SignInRecord): Promise<void> =>
  scope.transaction(async (tx) => {
    await tx.updateUser(userChanges);
    await tx.insertSession(session);
    await tx.recordEvent(event);
  });

/** A registration's first sign-in through the new user's scope, as every adapter without a unit of its own runs it. */
export const signInNewUser = async <T>(scope: UserScope, firstSignIn: FirstSignIn<T>): Promise<T> => {
  const { session, event, result } = firstSignIn(scope.userId);
  await scope.recordSignIn({ userChanges: {}, session, event });
  return result;
};
