import type { AdminCaller } from '../../domain/admin-principal.js';
import type { Ports } from '../../ports/ports.js';
import type { AdminUserView } from '../views.js';
import { openAdminScope } from './admin-authentication.js';
import { findTarget } from './on-target-user.js';
import { toAdminUserView } from './to-admin-views.js';

export type GetUser = (caller: AdminCaller, userId: string) => Promise<AdminUserView>;

export const makeGetUser =
  (deps: Pick<Ports, 'scopes' | 'admins'>): GetUser =>
  async (caller, userId) =>
    toAdminUserView(await findTarget(await openAdminScope(deps, caller), { id: userId }));
