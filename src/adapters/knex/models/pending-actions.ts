import type { PendingAction } from '../../../core/domain/pending-action.js';
import type { Model } from './model.js';

/** Keyed by its session (one each), found only by it; it goes with the session (cascade). */
export const PENDING_ACTIONS: Model<PendingAction, 'sessionId'> = {
  table: 'pending_actions',
  keys: ['sessionId'],
  columns: [
    { name: 'session_id', field: 'sessionId', type: { kind: 'id' }, nullable: false, primary: true, references: { table: 'sessions', column: 'id', onDelete: 'CASCADE' } },
    { name: 'name', field: 'name', type: { kind: 'string', length: 32 }, nullable: false },
    { name: 'subject', field: 'subject', type: { kind: 'string', length: 255 }, nullable: true },
    { name: 'route', field: 'route', type: { kind: 'string', length: 255 }, nullable: false },
    { name: 'fields', field: 'fields', type: { kind: 'text' }, nullable: false },
    { name: 'expires_at', field: 'expiresAt', type: { kind: 'timestamp' }, nullable: false },
  ],
};
