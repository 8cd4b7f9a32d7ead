import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';

export type ResetUserMfa = (caller: AdminCaller, target: UserRef) => Promise<void>;

/**
 * A lost phone: TOTP, passkeys and recovery codes go; done (and recorded) as well when there were
 * none. It is also the one way out of a locked second step: the count of refused proofs starts again.
 */
export const makeResetUserMfa =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): ResetUserMfa =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      await target.scope.deleteSecondFactors();
      await target.scope.factors.clearSecondFactorFailures();
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'mfa_reset_by_admin'));
    });
