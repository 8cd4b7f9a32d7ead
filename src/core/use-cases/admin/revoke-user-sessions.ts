import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';
import { endOidcSessions } from '../oidc/end-oidc-sessions.js';

export type RevokeUserSessions = (caller: AdminCaller, target: UserRef) => Promise<void>;

/** Logged out everywhere: every session and every OpenID code and token of the user end; API tokens are revoked one by one. */
export const makeRevokeUserSessions =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'backchannel'>): RevokeUserSessions =>
  async (caller, ref) => {
    const { userId, ended } = await onTargetUser(deps, caller, ref, async (admin, target) => {
      await target.scope.deleteSessionsExcept(null);
      await target.scope.oidc.revokeTokens();
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'sessions_revoked_by_admin'));
      return { userId: target.user.id, ended: await endOidcSessions(target.scope) };
    });
    deps.backchannel.notify(userId, ended);
  };
