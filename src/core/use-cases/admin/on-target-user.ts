import type { AdminCaller, UserRef } from '../../domain/admin-principal.js';
import { normalizeEmail } from '../../domain/email.js';
import { DomainError } from '../../domain/errors.js';
import type { AdminScope, TargetUser } from '../../ports/admin-scopes.js';
import type { Ports } from '../../ports/ports.js';
import { openAdminScope, openAdminScopeForChange } from './admin-authentication.js';

export type AdminWork<T> = (admin: AdminScope, target: TargetUser) => Promise<T>;

/** The user a reference names, through the admin scope; none (or a malformed id) is not_found. */
export const findTarget = async (admin: AdminScope, ref: UserRef): Promise<TargetUser> => {
  const found = 'id' in ref ? await admin.findUser(ref.id) : await admin.findUserByEmail(normalizeEmail(ref.email));
  if (!found) throw new DomainError('not_found');
  return found;
};

/**
 * Runs an admin's change to one user in one admin transaction: the guards, the change through the
 * target's own scope and its trail event commit together or not at all. Only a caller that may
 * change anything gets this far (openAdminScopeForChange).
 */
export const onTargetUser = async <T>(deps: Pick<Ports, 'scopes' | 'admins' | 'clock'>, caller: AdminCaller, ref: UserRef, work: AdminWork<T>): Promise<T> =>
  inAdminTransaction(await openAdminScopeForChange(deps, caller), ref, work);

/** An admin's own account, deleted by itself: its own gates were passed by the account's use case. */
export const onOwnAdminAccount = async <T>(deps: Pick<Ports, 'scopes' | 'admins'>, caller: AdminCaller, ref: UserRef, work: AdminWork<T>): Promise<T> =>
  inAdminTransaction(await openAdminScope(deps, caller), ref, work);

const inAdminTransaction = <T>(scope: AdminScope, ref: UserRef, work: AdminWork<T>): Promise<T> =>
  scope.transaction(async (admin) => work(admin, await findTarget(admin, ref)));

/** An admin may not disable or delete itself. */
export const refuseSelf = (admin: AdminScope, target: TargetUser): void => {
  if (admin.admin.adminId !== null && admin.admin.adminId === target.user.id) throw new DomainError('self_action_refused');
};

/** Refuses a change that takes an enabled admin away when it is the last one. */
export const keepAnAdmin = async (admin: AdminScope, target: TargetUser): Promise<void> => {
  const enabledAdmin = target.user.role === 'admin' && target.user.disabledAt === null;
  if (enabledAdmin && (await admin.countEnabledAdmins()) <= 1) throw new DomainError('last_admin');
};
