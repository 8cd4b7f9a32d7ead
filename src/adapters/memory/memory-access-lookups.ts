import type { UserId } from '../../core/domain/user-id.js';
import type { AccessLookups, ForwardAuthFacts, MemberProfile } from '../../core/ports/access-lookups.js';
import { memberGroupsOf } from './memory-groups.js';
import { copy, idKey, type MemoryTables } from './memory-tables.js';

export class MemoryAccessLookups implements AccessLookups {
  constructor(private readonly tables: MemoryTables) {}

  async forwardAuthFacts(host: string, userId: UserId): Promise<ForwardAuthFacts> {
    const rules = [...this.tables.forwardAuthRules.values()].filter((rule) => rule.host === host.toLowerCase()).map(({ createdAt: _, ...rule }) => copy(rule));
    return { rules, profile: await this.findMemberProfile(userId) };
  }

  async findMemberProfile(userId: UserId): Promise<MemberProfile | null> {
    const user = this.tables.users.get(idKey(userId) ?? '');
    return user ? { username: user.username, groups: memberGroupsOf(this.tables, user.id) } : null;
  }
}
