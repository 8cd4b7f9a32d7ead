import { DomainError } from '../../domain/errors.js';
import type { RequestContext } from '../../domain/request-context.js';
import { SECOND_FACTOR_FAILURE_CAP } from '../../domain/second-factor-cap.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import { trailEvent } from '../trail-event.js';

/** At the cap every proof is refused, a right one too, until an admin's MFA reset clears the count. */
export const refuseWhileLocked = async (scope: UserScope): Promise<void> => {
  if ((await scope.factors.countSecondFactorFailures()) >= SECOND_FACTOR_FAILURE_CAP) throw new DomainError('not_authenticated');
};

/** Counts a refused second-factor proof; the one that reaches the cap locks the second step, and says so in the trail. */
export const countRefusedProof = (deps: Pick<Ports, 'ids' | 'clock'>, scope: UserScope, context: RequestContext): Promise<void> =>
  scope.transaction(async (tx) => {
    const counted = await tx.factors.countSecondFactorFailure({ id: deps.ids.next(), userId: tx.userId, createdAt: deps.clock.now() });
    if (counted === SECOND_FACTOR_FAILURE_CAP) await tx.recordEvent(trailEvent(deps, 'second_factor_locked', context));
  });
