import type { Knex } from 'knex';
import type { GroupId, GroupRef } from '../../../core/domain/group.js';
import { fromStoredId, toStoredId } from '../stored-forms.js';

/** A user's groups, by name: one query on group_members' user_id index. The user scope, the admin and the doors share it. */
export const memberGroups = async (db: Knex | Knex.Transaction, userId: string): Promise<GroupRef[]> => {
  const rows = (await db('group_members')
    .join('groups', 'groups.id', 'group_members.group_id')
    .select('groups.id', 'groups.name')
    .where('group_members.user_id', toStoredId(userId))
    .orderBy('groups.name')) as { id: string; name: string }[];
  return rows.map((row) => ({ id: fromStoredId(row.id) as GroupId, name: row.name }));
};
