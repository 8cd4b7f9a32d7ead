import type { SecurityEvent } from '../../../core/domain/security-event.js';
import type { InsertableModel, ScopedModel } from './model.js';
import { OWNED_BY_USER_ID, userIdColumn } from './owner-column.js';

/** A user's security trail: read through the user's scope, gone with the user. */
export const SECURITY_EVENTS: ScopedModel<SecurityEvent, 'userId', 'id'> & InsertableModel<SecurityEvent, 'userId', 'id'> = {
  table: 'security_events',
  scope: OWNED_BY_USER_ID,
  owner: OWNED_BY_USER_ID,
  keys: ['id'],
  columns: [
    { name: 'id', field: 'id', type: { kind: 'id' }, nullable: false, primary: true },
    userIdColumn('userId'),
    { name: 'type', field: 'type', type: { kind: 'string', length: 40 }, nullable: false },
    { name: 'actor', field: 'actor', type: { kind: 'string', length: 16 }, nullable: false },
    {
      name: 'actor_id',
      field: 'actorId',
      type: { kind: 'id' },
      nullable: true,
      // An admin's deletion leaves the rows it wrote on others' trails, naming nobody.
      references: { table: 'users', column: 'id', onDelete: 'SET NULL' },
    },
    { name: 'target_id', field: 'targetId', type: { kind: 'id' }, nullable: true },
    { name: 'via_token_id', field: 'viaTokenId', type: { kind: 'id' }, nullable: true },
    { name: 'client_address', field: 'clientAddress', type: { kind: 'string', length: 64 }, nullable: true },
    { name: 'user_agent', field: 'userAgent', type: { kind: 'text' }, nullable: true },
    { name: 'created_at', field: 'createdAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
