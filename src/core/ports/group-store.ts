import type { Group, GroupRef, GroupUsage, GroupWithCount } from '../domain/group.js';
import type { UserId } from '../domain/user-id.js';

export type GroupChanges = Partial<Pick<Group, 'name' | 'description'>>;

/**
 * Groups and their members, for an admin: reached only through the admin scope, on its connection
 * (inside its transaction, part of it). An id that is no UUID names nothing (null, false).
 */
export interface GroupStore {
  /** False when the name is taken (the unique key decides, so two racing admins cannot both win). */
  insert(group: Group): Promise<boolean>;
  /** By name. */
  list(): Promise<GroupWithCount[]>;
  find(id: string): Promise<GroupWithCount | null>;
  findByName(name: string): Promise<GroupWithCount | null>;
  /** 'taken' when the new name is another group's. */
  update(id: string, changes: GroupChanges): Promise<'updated' | 'taken' | 'not_found'>;
  /** Deletes it with its memberships; a group a policy names is refused by the store too (a foreign key). */
  delete(id: string): Promise<boolean>;
  /** Which OpenID clients and forward-auth rules name the group. */
  usage(id: string): Promise<GroupUsage>;
  /** Of these ids, the ones that name no group. */
  unknownIds(ids: readonly string[]): Promise<string[]>;
  /** True when the membership is new; adding twice changes nothing. */
  addMember(groupId: string, userId: UserId, at: Date): Promise<boolean>;
  /** True when there was one. */
  removeMember(groupId: string, userId: UserId): Promise<boolean>;
  /** The user's groups, by name. */
  groupsOf(userId: UserId): Promise<GroupRef[]>;
}
