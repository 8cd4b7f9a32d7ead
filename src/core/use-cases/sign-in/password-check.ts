import { DomainError } from '../../domain/errors.js';
import type { RequestContext } from '../../domain/request-context.js';
import type { User } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';
import type { ThrottleGuard } from './throttle-guard.js';
import { trailEvent } from '../trail-event.js';
import { loginAttempt } from './trusted-device.js';

export type PasswordCheck = (scope: UserScope, user: User, password: string, context: RequestContext) => Promise<void>;

/**
 * Every re-check of a known user's password (a password change, account deletion, step-up, factor
 * changes): counted toward the per-email failure limit like a login, so a stolen cookie cannot
 * guess without bound, and a wrong one lands in the user's trail.
 */
export const makePasswordCheck =
  (deps: Pick<Ports, 'hasher' | 'ids' | 'clock' | 'secretBox'>, guard: ThrottleGuard): PasswordCheck =>
  async (scope, user, password, context) => {
    const attempt = loginAttempt(deps, user.email, user.id, context);
    await guard.admitLogin(attempt, () => scope.recordEvent(trailEvent(deps, 'login_throttled', context)));
    if (!(await deps.hasher.verify(user.passwordHash, password))) {
      await scope.recordEvent(trailEvent(deps, 'login_failed', context));
      throw new DomainError('invalid_credentials');
    }
    await guard.clearLoginFailures(attempt);
  };
