import type { Knex } from 'knex';
import type { GroupId } from '../../../core/domain/group.js';
import { fromStoredId, toStoredId, toStoredIdOrNull } from '../stored-forms.js';

/** The group ids a policy table holds, by owner (a client id or a rule's stored id), in name order. */
export const groupIdsBy = async (db: Knex | Knex.Transaction, table: string, ownerColumn: string, owners: readonly string[]): Promise<Map<string, GroupId[]>> => {
  const found = new Map<string, GroupId[]>(owners.map((owner) => [owner, []]));
  if (owners.length === 0) return found;
  const rows = (await db(table)
    .join('groups', 'groups.id', `${table}.group_id`)
    .select(`${table}.${ownerColumn} as owner`, 'groups.id as group_id')
    .whereIn(`${table}.${ownerColumn}`, owners)
    .orderBy('groups.name')) as { owner: string; group_id: string }[];
  for (const row of rows) found.get(row.owner)?.push(fromStoredId(row.group_id) as GroupId);
  return found;
};

/** Replaces the owner's group rows; a group id that is no UUID or names no group fails the foreign key. */
export const writeGroupIds = async (db: Knex | Knex.Transaction, table: string, ownerColumn: string, owner: string, ids: readonly string[]): Promise<void> => {
  await db(table).where(ownerColumn, owner).delete();
  if (ids.length === 0) return;
  await db(table).insert(ids.map((id) => ({ [ownerColumn]: owner, group_id: toStoredId(id) })));
};

/** Stored forms of the ids that can be stored; the rest name nothing. */
export const storedIds = (ids: readonly string[]): string[] => ids.map(toStoredIdOrNull).filter((id): id is string => id !== null);
