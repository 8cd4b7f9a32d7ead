import type { Knex } from 'knex';
import type { GroupId, GroupRef } from '../../../core/domain/group.js';
import { fromStoredId, toStoredId } from '../stored-forms.js';

/** The query of a user's groups, by name, on group_members' user_id index: by a stored id, or by a column of an outer query (the prepared reads compile it too). */
export const memberGroupsQuery = (db: Knex | Knex.Transaction, storedUserId: string | Knex.Ref<string, Record<string, string>>): Knex.QueryBuilder =>
  db('group_members').join('groups', 'groups.id', 'group_members.group_id').select('groups.id', 'groups.name').where('group_members.user_id', storedUserId).orderBy('groups.name');

export const toGroupRef = (row: Readonly<Record<string, unknown>>): GroupRef => ({ id: fromStoredId(String(row.id)) as GroupId, name: String(row.name) });

/** A user's groups, by name: one query. The user scope (in a transaction), the admin and the doors share it. */
export const memberGroups = async (db: Knex | Knex.Transaction, userId: string): Promise<GroupRef[]> =>
  ((await memberGroupsQuery(db, toStoredId(userId))) as { id: string; name: string }[]).map(toGroupRef);
