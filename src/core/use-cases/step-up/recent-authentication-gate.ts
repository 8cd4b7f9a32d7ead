import { DomainError } from '../../domain/errors.js';
import { requireSession, type Principal } from '../../domain/principal.js';
import { isRecentlyAuthenticated } from '../../domain/recent-authentication.js';
import type { Ports } from '../../ports/ports.js';
import type { UserScope } from '../../ports/user-scopes.js';

/**
 * The one gate for sensitive changes (ASVS 7.5): `always` for what every user must have proved
 * within 15 minutes (creating tokens, revoking sessions), `withSecondFactor` for what only users
 * with a second factor must re-prove (password change, deletion, factor changes). A token never passes.
 */
export const requireRecentAuthentication = async (
  deps: Pick<Ports, 'clock'>,
  principal: Principal,
  scope: UserScope,
  when: 'always' | 'withSecondFactor',
): Promise<void> => {
  const credential = requireSession(principal);
  const hasSecondFactor = await scope.hasSecondFactor();
  if (when === 'withSecondFactor' && !hasSecondFactor) return;
  if (!isRecentlyAuthenticated(credential, hasSecondFactor, deps.clock.now())) throw new DomainError('step_up_required');
};
