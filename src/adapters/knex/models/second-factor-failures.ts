import type { SecondFactorFailure } from '../../../core/domain/second-factor-cap.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** One row per consecutive refused second-factor proof of the user; counted against the cap. */
export const SECOND_FACTOR_FAILURES: ScopedModel<SecondFactorFailure, 'userId', 'id'> & InsertableModel<SecondFactorFailure, 'userId', 'id'> = {
  table: 'second_factor_failures',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
