import type { Knex } from 'knex';
import type { PendingAction } from '../../../core/domain/pending-action.js';
import type { PendingActionStore } from '../../../core/ports/pending-action-store.js';
import { engineOf } from '../connection/engine.js';
import { PENDING_ACTIONS } from '../models/index.js';
import { fromRow, toRow, type StoredRow } from '../row-mapping.js';
import { toStoredIdOrNull } from '../stored-forms.js';

/**
 * The session's key makes "one per session" the database's rule. Taking deletes by that key and
 * only the taker whose delete removed the row carries the action out: a replay, or a second
 * instance racing it, finds nothing.
 */
export class KnexPendingActions implements PendingActionStore {
  constructor(private readonly db: Knex) {}

  async keep(action: PendingAction): Promise<void> {
    const row = toRow(PENDING_ACTIONS, action, engineOf(this.db));
    await this.db(PENDING_ACTIONS.table).insert(row).onConflict('session_id').merge();
  }

  async find(sessionId: string, now: Date): Promise<PendingAction | null> {
    const row = (await this.db(PENDING_ACTIONS.table).where({ session_id: toStoredIdOrNull(sessionId) }).first()) as StoredRow | undefined;
    const action = row ? fromRow(PENDING_ACTIONS, row) : null;
    return action && action.expiresAt.getTime() > now.getTime() ? action : null;
  }

  take(sessionId: string, now: Date): Promise<PendingAction | null> {
    return this.db.transaction(async (trx) => {
      const row = (await trx(PENDING_ACTIONS.table).where({ session_id: toStoredIdOrNull(sessionId) }).first()) as StoredRow | undefined;
      if (!row) return null;
      const removed = (await trx(PENDING_ACTIONS.table).where({ session_id: toStoredIdOrNull(sessionId) }).delete()) as number;
      if (removed !== 1) return null;
      const action = fromRow(PENDING_ACTIONS, row);
      return action.expiresAt.getTime() > now.getTime() ? action : null;
    });
  }
}
