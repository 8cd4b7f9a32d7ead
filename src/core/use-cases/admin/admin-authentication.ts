import type { AdminCaller, AdminPrincipal } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import { isDisabled } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { AdminScope } from '../../ports/admin-scopes.js';
import { OPERATOR_CONTEXT } from '../operator-context.js';

/**
 * The only place an AdminPrincipal is minted (spec/architecture.spec.ts holds it to that). Over
 * HTTP the role and the enabled state are read from the database at each admin request, so a
 * demoted or disabled admin is refused at once; the operator already holds the database.
 */
export const authenticateAdmin = async (deps: Pick<Ports, 'scopes'>, caller: AdminCaller): Promise<AdminPrincipal> => {
  if (caller === 'operator') return { actor: 'operator', adminId: null, context: OPERATOR_CONTEXT } as AdminPrincipal;
  const user = await deps.scopes.open(caller.userId).findUser();
  if (!user || user.role !== 'admin' || isDisabled(user)) throw new DomainError('forbidden');
  return { actor: 'admin', adminId: user.id, context: caller.context } as AdminPrincipal;
};

/** The admin scope of whoever calls, once it proved to be an admin. */
export const openAdminScope = async (deps: Pick<Ports, 'scopes' | 'admins'>, caller: AdminCaller): Promise<AdminScope> =>
  deps.admins.open(await authenticateAdmin(deps, caller));
