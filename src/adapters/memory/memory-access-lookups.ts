import type { ForwardAuthRule } from '../../core/domain/forward-auth-rule.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { AccessLookups, MemberProfile } from '../../core/ports/access-lookups.js';
import { memberGroupsOf } from './memory-groups.js';
import { copy, idKey, type MemoryTables } from './memory-tables.js';

export class MemoryAccessLookups implements AccessLookups {
  constructor(private readonly tables: MemoryTables) {}

  async rulesForHost(host: string): Promise<ForwardAuthRule[]> {
    return [...this.tables.forwardAuthRules.values()].filter((rule) => rule.host === host.toLowerCase()).map(copy);
  }

  async findMemberProfile(userId: UserId): Promise<MemberProfile | null> {
    const user = this.tables.users.get(idKey(userId) ?? '');
    return user ? { username: user.username, groups: memberGroupsOf(this.tables, user.id) } : null;
  }
}
