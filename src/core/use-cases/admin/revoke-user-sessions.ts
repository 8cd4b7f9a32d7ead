import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';

export type RevokeUserSessions = (caller: AdminCaller, target: UserRef) => Promise<void>;

/** Logged out everywhere: every session and every OpenID code and token of the user end; API tokens are revoked one by one. */
export const makeRevokeUserSessions =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): RevokeUserSessions =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      await target.scope.deleteSessionsExcept(null);
      await target.scope.oidc.revokeTokens();
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'sessions_revoked_by_admin'));
    });
