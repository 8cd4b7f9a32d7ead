import { ACCOUNT_RECOVERY_MS, type AccountRecovery } from '../../domain/account-recovery.js';
import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import { adminEvent } from './admin-event.js';
import { onTargetUser } from './on-target-user.js';

export interface IssuedRecovery {
  /** Shown once, to be handed to the user; only its hash is kept. */
  code: string;
  expiresAt: Date;
}

/**
 * A one-time account-recovery code for the user (24 hours, shown once); an earlier unused one is
 * void. An admin over HTTP or the operator at the command line; no such user → not_found.
 */
export type IssueAccountRecovery = (caller: AdminCaller, target: UserRef) => Promise<IssuedRecovery>;

/**
 * An admin (POST /admin/users/{id}/recovery) or the operator (`gatehouse recovery-code`, the way back
 * in when the only admin lost its password) issues a one-time account-recovery code. In one admin
 * transaction: the earlier code goes, the new one and `recovery_issued` in the target's trail are
 * written together through the target's own scope.
 */
export const makeIssueAccountRecovery =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'secrets' | 'ids' | 'clock'>): IssueAccountRecovery =>
  (caller, ref) =>
    onTargetUser(deps, caller, ref, async (admin, target) => {
      const now = deps.clock.now();
      const { secret, hash } = deps.secrets.issue('account_recovery');
      const recovery: AccountRecovery = {
        id: deps.ids.next(),
        userId: target.user.id,
        codeHash: hash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_RECOVERY_MS),
        usedAt: null,
      };
      await target.scope.replaceAccountRecovery(recovery);
      await target.scope.recordEvent(adminEvent(deps, admin.admin, 'recovery_issued', recovery.id));
      return { code: secret, expiresAt: recovery.expiresAt };
    });
