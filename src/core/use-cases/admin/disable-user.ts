import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { keepAnAdmin, onTargetUser, refuseSelf } from './on-target-user.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';

export type DisableUser = (caller: AdminCaller, target: UserRef) => Promise<void>;

/**
 * Disabling ends the user's sessions and pending logins now; its API tokens stay but are refused
 * while it is disabled (the authentication lookup joins the user row), by every instance. OpenID
 * codes and tokens are deleted; the remembered consents stay.
 */
export const makeDisableUser =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'backchannel'>): DisableUser =>
  async (caller, ref) => {
    const { userId, ended } = await onTargetUser(deps, caller, ref, async (admin, target) => {
      refuseSelf(admin, target);
      await keepAnAdmin(admin, target);
      await target.scope.updateUser({ disabledAt: target.user.disabledAt ?? deps.clock.now() });
      await target.scope.deleteSessionsExcept(null);
      await target.scope.factors.deletePendingLogins();
      await target.scope.oidc.revokeTokens(); // no client keeps acting for a disabled user
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'user_disabled'));
      return { userId: target.user.id, ended: await endOidcSessions(target.scope) };
    });
    deps.backchannel.notify(userId, ended);
  };
