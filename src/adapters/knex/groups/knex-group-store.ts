import type { Knex } from 'knex';
import type { Group, GroupRef, GroupUsage, GroupWithCount } from '../../../core/domain/group.js';
import type { UserId } from '../../../core/domain/user-id.js';
import type { GroupChanges, GroupStore } from '../../../core/ports/group-store.js';
import { engineOf } from '../connection/engine.js';
import { isUniqueViolation } from '../connection/unique-violation.js';
import { GROUP_MEMBERS, GROUPS } from '../models/index.js';
import { fromRow, toRow, type StoredRow } from '../row-mapping.js';
import { fromStoredId, toStoredId, toStoredIdOrNull } from '../stored-forms.js';
import { storedIds } from './group-ids.js';
import { memberGroups } from './member-groups.js';

const COUNT = '(select count(*) from group_members m where m.group_id = groups.id) as member_count';
const withCount = (row: StoredRow): GroupWithCount => ({ ...fromRow(GROUPS, row), memberCount: Number(row.member_count) });
const taken = (error: unknown): boolean => isUniqueViolation(error, GROUPS.table, 'name');

/** GroupStore on the admin scope's connection (inside its transaction, part of it). */
export class KnexGroupStore implements GroupStore {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  async insert(group: Group): Promise<boolean> {
    try {
      await this.db(GROUPS.table).insert(toRow(GROUPS, group, engineOf(this.db)));
      return true;
    } catch (error) {
      if (taken(error)) return false;
      throw error;
    }
  }

  async list(): Promise<GroupWithCount[]> {
    return ((await this.selected().orderBy('name')) as StoredRow[]).map(withCount);
  }

  async find(id: string): Promise<GroupWithCount | null> {
    const stored = toStoredIdOrNull(id);
    return stored === null ? null : this.first(this.selected().where('id', stored));
  }

  findByName(name: string): Promise<GroupWithCount | null> {
    return this.first(this.selected().where('name', name));
  }

  async update(id: string, changes: GroupChanges): Promise<'updated' | 'taken' | 'not_found'> {
    const stored = toStoredIdOrNull(id);
    if (stored === null) return 'not_found';
    try {
      const changed = (await this.db(GROUPS.table).where('id', stored).update(toRow(GROUPS, changes, engineOf(this.db)))) as number;
      return changed === 0 ? 'not_found' : 'updated';
    } catch (error) {
      if (taken(error)) return 'taken';
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const stored = toStoredIdOrNull(id);
    return stored !== null && ((await this.db(GROUPS.table).where('id', stored).delete()) as number) > 0;
  }

  async usage(id: string): Promise<GroupUsage> {
    const stored = toStoredIdOrNull(id);
    if (stored === null) return { clients: [], rules: [] };
    const clients = (await this.db('oidc_client_groups')
      .join('oidc_clients', 'oidc_clients.client_id', 'oidc_client_groups.client_id')
      .select('oidc_clients.client_id', 'oidc_clients.name')
      .where('oidc_client_groups.group_id', stored)
      .orderBy('oidc_clients.name')) as { client_id: string; name: string }[];
    const rules = (await this.db('forward_auth_rule_groups')
      .join('forward_auth_rules', 'forward_auth_rules.id', 'forward_auth_rule_groups.rule_id')
      .select('forward_auth_rules.id', 'forward_auth_rules.host', 'forward_auth_rules.path_prefix')
      .where('forward_auth_rule_groups.group_id', stored)
      .orderBy(['forward_auth_rules.host', 'forward_auth_rules.path_prefix'])) as { id: string; host: string; path_prefix: string }[];
    return {
      clients: clients.map((c) => ({ clientId: c.client_id, name: c.name })),
      rules: rules.map((r) => ({ id: fromStoredId(r.id), host: r.host, pathPrefix: r.path_prefix })),
    };
  }

  async unknownIds(ids: readonly string[]): Promise<string[]> {
    const known = (await this.db(GROUPS.table).select('id').whereIn('id', storedIds(ids))) as { id: string }[];
    const found = new Set(known.map((row) => fromStoredId(row.id)));
    return ids.filter((id) => !found.has(id.toLowerCase()));
  }

  async addMember(groupId: string, userId: UserId, at: Date): Promise<boolean> {
    const stored = toStoredIdOrNull(groupId);
    if (stored === null) return false;
    const row = toRow(GROUP_MEMBERS, { groupId, userId, createdAt: at }, engineOf(this.db));
    // One statement whatever runs beside it: a membership added twice at once is still one row.
    const inserted = (await this.db(GROUP_MEMBERS.table).insert(row).onConflict(['group_id', 'user_id']).ignore().returning('user_id')) as unknown[];
    return inserted.length > 0;
  }

  async removeMember(groupId: string, userId: UserId): Promise<boolean> {
    const stored = toStoredIdOrNull(groupId);
    if (stored === null) return false;
    return ((await this.db(GROUP_MEMBERS.table).where({ group_id: stored, user_id: toStoredId(userId) }).delete()) as number) > 0;
  }

  groupsOf(userId: UserId): Promise<GroupRef[]> {
    return memberGroups(this.db, userId);
  }

  private selected(): Knex.QueryBuilder {
    return this.db(GROUPS.table).select([...GROUPS.columns.map((c) => `groups.${c.name}`), this.db.raw(COUNT)]);
  }

  private async first(query: Knex.QueryBuilder): Promise<GroupWithCount | null> {
    const row = (await query.first()) as StoredRow | undefined;
    return row ? withCount(row) : null;
  }
}
