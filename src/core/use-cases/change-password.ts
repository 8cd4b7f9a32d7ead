import { DomainError } from '../domain/errors.js';
import { requireSession } from '../domain/principal.js';
import type { Ports } from '../ports/ports.js';
import { changePasswordRules, parse } from '../rules.js';
import { ensurePasswordPolicy } from './ensure-password-policy.js';
import { makeOpenSession } from './open-session.js';
import type { UseCases } from './use-cases.js';

/** Every session dies, the caller's included, and the caller gets a fresh one: rotation. */
export const makeChangePassword = (
  deps: Pick<Ports, 'auth' | 'scopes' | 'hasher' | 'secrets' | 'ids' | 'clock' | 'events'>,
): UseCases['changePassword'] => {
  const openSession = makeOpenSession(deps);
  return async (principal, input, context) => {
    requireSession(principal);
    const body = parse<{ current_password: string; new_password: string }>(changePasswordRules, input);
    const scope = deps.scopes.open(principal.userId);
    const user = await scope.findUser();
    if (!user) throw new DomainError('not_authenticated');
    if (!(await deps.hasher.verify(user.passwordHash, body.current_password))) {
      throw new DomainError('invalid_credentials');
    }
    ensurePasswordPolicy(body.new_password, user, 'new_password');
    const passwordHash = await deps.hasher.hash(body.new_password);
    await scope.updateUser({ passwordHash, updatedAt: deps.clock.now() });
    await scope.deleteSessionsExcept(null);
    deps.events.record({ type: 'password_changed', userId: user.id, clientAddress: context.clientAddress });
    return openSession(user.id, context.userAgent);
  };
};
