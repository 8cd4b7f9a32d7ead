import type { GroupId, GroupRef, GroupUsage, GroupWithCount } from '../../core/domain/group.js';
import type { Group } from '../../core/domain/group.js';
import type { UserId } from '../../core/domain/user-id.js';
import type { GroupChanges, GroupStore } from '../../core/ports/group-store.js';
import { copy, idKey, memberKey, type MemoryTables } from './memory-tables.js';

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The user's groups by name, as the database's join answers them. */
export const memberGroupsOf = (tables: MemoryTables, userId: string): GroupRef[] =>
  [...tables.groupMembers.values()]
    .filter((m) => m.userId === userId)
    .map((m) => tables.groups.get(m.groupId))
    .filter((g): g is Group => g !== undefined)
    .map((g) => ({ id: g.id, name: g.name }))
    .sort(byName);

/** Where a group is named; also what stops its deletion, as the database's RESTRICT keys do. */
export const usageOf = (tables: MemoryTables, id: string): GroupUsage => ({
  clients: [...tables.oidcClients.values()].filter((c) => c.allowedGroups.includes(id as GroupId)).map((c) => ({ clientId: c.clientId, name: c.name })).sort(byName),
  rules: [...tables.forwardAuthRules.values()]
    .filter((r) => r.allowedGroups.includes(id as GroupId))
    .map((r) => ({ id: r.id, host: r.host, pathPrefix: r.pathPrefix }))
    .sort((a, b) => (a.host + a.pathPrefix < b.host + b.pathPrefix ? -1 : 1)),
});

/** Throws as a foreign key would when a policy names a group that does not exist. */
export const checkGroupsExist = (tables: MemoryTables, ids: readonly string[]): void => {
  if (ids.some((id) => !tables.groups.has(id))) throw new Error('FOREIGN KEY constraint failed');
};

export class MemoryGroupStore implements GroupStore {
  constructor(private readonly tables: MemoryTables) {}

  async insert(group: Group): Promise<boolean> {
    const id = idKey(group.id);
    if (id === null) throw new Error('not a canonical UUID');
    if (this.tables.groups.has(id) || [...this.tables.groups.values()].some((g) => g.name === group.name)) return false;
    this.tables.groups.set(id, copy({ ...group, id: id as GroupId }));
    return true;
  }

  async list(): Promise<GroupWithCount[]> {
    return [...this.tables.groups.values()].sort(byName).map((g) => this.counted(g));
  }

  async find(id: string): Promise<GroupWithCount | null> {
    const group = this.tables.groups.get(idKey(id) ?? '');
    return group ? this.counted(group) : null;
  }

  async findByName(name: string): Promise<GroupWithCount | null> {
    const group = [...this.tables.groups.values()].find((g) => g.name === name);
    return group ? this.counted(group) : null;
  }

  async update(id: string, changes: GroupChanges): Promise<'updated' | 'taken' | 'not_found'> {
    const group = this.tables.groups.get(idKey(id) ?? '');
    if (!group) return 'not_found';
    if (changes.name !== undefined && [...this.tables.groups.values()].some((g) => g.name === changes.name && g.id !== group.id)) return 'taken';
    this.tables.groups.set(group.id, copy({ ...group, ...changes }));
    return 'updated';
  }

  async delete(id: string): Promise<boolean> {
    const key = idKey(id);
    if (key === null || !this.tables.groups.has(key)) return false;
    const usage = usageOf(this.tables, key);
    if (usage.clients.length + usage.rules.length > 0) throw new Error('FOREIGN KEY constraint failed');
    this.tables.groups.delete(key);
    for (const [k, m] of this.tables.groupMembers) if (m.groupId === key) this.tables.groupMembers.delete(k);
    return true;
  }

  async usage(id: string): Promise<GroupUsage> {
    return usageOf(this.tables, idKey(id) ?? '');
  }

  async unknownIds(ids: readonly string[]): Promise<string[]> {
    return ids.filter((id) => !this.tables.groups.has(idKey(id) ?? ''));
  }

  async addMember(groupId: string, userId: UserId, at: Date): Promise<boolean> {
    const key = idKey(groupId);
    if (key === null) return false;
    if (!this.tables.groups.has(key) || !this.tables.users.has(userId)) throw new Error('FOREIGN KEY constraint failed');
    if (this.tables.groupMembers.has(memberKey(key, userId))) return false;
    this.tables.groupMembers.set(memberKey(key, userId), { groupId: key, userId, createdAt: new Date(at.getTime()) });
    return true;
  }

  async removeMember(groupId: string, userId: UserId): Promise<boolean> {
    return this.tables.groupMembers.delete(memberKey(idKey(groupId) ?? '', userId));
  }

  async groupsOf(userId: UserId): Promise<GroupRef[]> {
    return memberGroupsOf(this.tables, userId);
  }

  private counted(group: Group): GroupWithCount {
    const memberCount = [...this.tables.groupMembers.values()].filter((m) => m.groupId === group.id).length;
    return { ...copy(group), memberCount };
  }
}
