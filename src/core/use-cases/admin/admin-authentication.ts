import type { AdminCaller, AdminPrincipal } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import { isDisabled } from '../../domain/user.js';
import type { Ports } from '../../ports/ports.js';
import type { AdminScope } from '../../ports/admin-scopes.js';
import { OPERATOR_CONTEXT } from './operator-context.js';
import { requireRecentAuthentication } from '../step-up/recent-authentication-gate.js';

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

/** The admin scope of whoever calls, once it proved to be an admin: enough to read. */
export const openAdminScope = async (deps: Pick<Ports, 'scopes' | 'admins'>, caller: AdminCaller): Promise<AdminScope> =>
  deps.admins.open(await authenticateAdmin(deps, caller));

/**
 * The admin scope for a change: over HTTP only with the admin's browser session and a proof of
 * identity of the last 15 minutes (a second factor's, for an admin who has one), so a leaked admin
 * token can read, never change (403 forbidden), and a stale cookie is asked to step up. A member
 * is refused as forbidden before its session is looked at.
 */
export const openAdminScopeForChange = async (deps: Pick<Ports, 'scopes' | 'admins' | 'clock'>, caller: AdminCaller): Promise<AdminScope> => {
  const admin = await authenticateAdmin(deps, caller);
  if (caller !== 'operator') await requireRecentAuthentication(deps, caller, deps.scopes.open(caller.userId), 'always');
  return deps.admins.open(admin);
};
