import { ACCOUNT_RECOVERY_MS, type AccountRecovery } from '../domain/account-recovery.js';
import { DomainError } from '../domain/errors.js';
import type { RequestContext } from '../domain/request-context.js';
import type { UserId } from '../domain/user-id.js';
import type { Ports } from '../ports/ports.js';
import { OPERATOR_CONTEXT } from './operator-context.js';
import { trailEvent } from './trail-event.js';
import type { UseCases } from './use-cases.js';

/** Who issues a code: an admin (by the id its own authentication vouched for) or the operator at the machine. */
export type RecoveryIssuer = { kind: 'admin'; adminId: UserId } | { kind: 'operator' };

export interface IssuedRecovery {
  /** Shown once, to be handed to the user; only its hash is kept. */
  code: string;
  expiresAt: Date;
}

/**
 * Through the target's ordinary scope, in one transaction: the earlier code goes, the new one and
 * the `recovery_issued` event in the target's trail are written together. The target's id was
 * minted by whoever looked the user up (the admin route, or the operator command by email).
 */
export const makeIssueAccountRecovery =
  (deps: Pick<Ports, 'scopes' | 'secrets' | 'ids' | 'clock'>): UseCases['issueAccountRecovery'] =>
  async (target, issuer, context: RequestContext = OPERATOR_CONTEXT) => {
    const now = deps.clock.now();
    const { secret, hash } = deps.secrets.issue('account_recovery');
    const recovery: AccountRecovery = {
      id: deps.ids.next(),
      userId: target,
      codeHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCOUNT_RECOVERY_MS),
      usedAt: null,
    };
    const actor = issuer.kind === 'admin' ? { actor: 'admin' as const, actorId: issuer.adminId } : { actor: 'operator' as const };
    await deps.scopes.open(target).transaction(async (scope) => {
      if (!(await scope.findUser())) throw new DomainError('not_found');
      await scope.replaceAccountRecovery(recovery);
      await scope.recordEvent(trailEvent(deps, 'recovery_issued', context, { ...actor, targetId: recovery.id }));
    });
    return { code: secret, expiresAt: recovery.expiresAt };
  };
