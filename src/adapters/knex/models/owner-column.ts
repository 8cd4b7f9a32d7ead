import type { Column } from './model.js';

/** The `user_id` column of a per-user table: cascades with its user (docs/architecture.md). */
export const userIdColumn = <F extends string>(field: F): Column<F> => ({
  name: 'user_id',
  field,
  type: { kind: 'id' },
  nullable: false,
  references: { table: 'users', column: 'id', onDelete: 'CASCADE' },
});

export const OWNED_BY_USER_ID = { column: 'user_id', field: 'userId' } as const;
