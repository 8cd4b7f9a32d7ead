import type { AdminCaller } from '../../domain/admin-principal.js';
import { DomainError } from '../../domain/errors.js';
import type { Group, GroupId, GroupWithCount } from '../../domain/group.js';
import { newGroupRules } from '../../access-rules.js';
import type { Ports } from '../../ports/ports.js';
import { parse } from '../../rules.js';
import { openAdminScopeForChange } from '../admin/admin-authentication.js';
import { recordOnAdminTrail } from '../admin/admin-trail.js';

/** input: { name, description? }. A name taken → group_name_taken. */
export type CreateGroup = (caller: AdminCaller, input: unknown) => Promise<GroupWithCount>;

export const makeCreateGroup =
  (deps: Pick<Ports, 'scopes' | 'admins' | 'ids' | 'clock' | 'log'>): CreateGroup =>
  async (caller, input) => {
    const scope = await openAdminScopeForChange(deps, caller);
    const body = parse<{ name: string; description: string | null }>(newGroupRules, input);
    const group: Group = { id: deps.ids.next() as GroupId, name: body.name, description: body.description, createdAt: deps.clock.now() };
    await scope.transaction(async (admin) => {
      if (!(await admin.groups.insert(group))) throw new DomainError('group_name_taken');
      await recordOnAdminTrail(deps, admin, 'group_created', group.id);
    });
    return { ...group, memberCount: 0 };
  };
