import type { Ports } from '../../ports/ports.js';
import type { UseCases } from '../use-cases.js';
import { openAdminScope } from './admin-authentication.js';
import { findTarget } from './on-target-user.js';
import { toAdminUserView } from './to-admin-views.js';

export const makeGetUser =
  (deps: Pick<Ports, 'scopes' | 'admins'>): UseCases['getUser'] =>
  async (caller, userId) =>
    toAdminUserView(await findTarget(await openAdminScope(deps, caller), { id: userId }));
