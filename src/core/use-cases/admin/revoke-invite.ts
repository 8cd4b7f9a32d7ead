import { DomainError } from '../../domain/errors.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { openAdminScopeForChange } from './admin-authentication.js';
import type { AdminCaller } from '../../domain/admin-principal.js';

export type RevokeInvite = (caller: AdminCaller, inviteId: string) => Promise<void>;

/** A revoked invite is gone: registering with its code is `invite_invalid`. Recorded on its creator's trail. */
export const makeRevokeInvite =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock'>): RevokeInvite =>
  async (caller, inviteId) => {
    const scope = await openAdminScopeForChange(deps, caller);
    await scope.transaction(async (admin) => {
      const creator = await admin.deleteInvite(inviteId);
      if (creator === null) throw new DomainError('not_found');
      const trail = await admin.findUser(creator);
      await trail?.scope.recordEvent(adminEvent(deps, admin.admin, 'invite_revoked', inviteId));
    });
  };
