import type { Group } from '../../../core/domain/group.js';
import type { Column, Model } from './model.js';

export interface GroupMemberRow {
  groupId: string;
  userId: string;
  createdAt: Date;
}

export const GROUPS: Model<Group, 'id' | 'name'> = {
  table: 'groups',
  keys: ['id', 'name'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    { name: 'name', field: 'name', type: { kind: 'string', length: 64 }, nullable: false, unique: true },
    { name: 'description', field: 'description', type: { kind: 'string', length: 255 }, nullable: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};

/** A policy's reference to a group: a group that a policy names cannot be deleted. */
export const groupReference: Column<'groupId'> = {
  name: 'group_id',
  field: 'groupId',
  type: { kind: 'id' },
  nullable: false,
  primary: true,
  references: { table: 'groups', column: 'id', onDelete: 'RESTRICT' },
};

/** Memberships go with their group and with their user. */
export const GROUP_MEMBERS: Model<GroupMemberRow, never> = {
  table: 'group_members',
  keys: [],
  columns: [
    { ...groupReference, references: { table: 'groups', column: 'id', onDelete: 'CASCADE' } },
    { name: 'user_id', field: 'userId', type: { kind: 'id' }, nullable: false, primary: true, references: { table: 'users', column: 'id', onDelete: 'CASCADE' } },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
