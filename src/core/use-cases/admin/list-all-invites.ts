import type { Ports } from '../../ports/ports.js';
import { toInviteView } from '../to-views.js';
import { openAdminScope } from './admin-authentication.js';
import type { AdminCaller } from '../../domain/admin-principal.js';
import type { InviteView } from '../views.js';

export type ListAllInvites = (caller: AdminCaller) => Promise<InviteView[]>;

/** Every admin's invites, newest first. */
export const makeListAllInvites =
  (deps: Pick<Ports, 'scopes' | 'admins'>): ListAllInvites =>
  async (caller) =>
    (await (await openAdminScope(deps, caller)).listInvites()).map(toInviteView);
