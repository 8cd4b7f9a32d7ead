import type { Knex } from 'knex';
import type { EventRetention } from '../../core/ports/event-retention.js';
import { deleteInBatches, PURGE_BATCH } from './batched-delete.js';
import { engineOf } from './connection/engine.js';
import { SECURITY_EVENTS } from './models/index.js';
import { toStoredTime } from './stored-forms.js';

/**
 * The retention access mode: one kind of statement, a delete of security events by age, in batches
 * until none is left. It reads no column but the index on created_at and answers only a count.
 * Instances may run it at the same time: each batch deletes what is still there, nothing more.
 */
export class KnexEventRetention implements EventRetention {
  constructor(
    private readonly db: Knex,
    /** Rows per statement; a spec makes it small to cross many batches with few rows. */
    private readonly batch = PURGE_BATCH,
  ) {}

  async deleteEventsBefore(cutoff: Date): Promise<number> {
    const before = toStoredTime(cutoff, engineOf(this.db));
    return deleteInBatches(this.db, { table: SECURITY_EVENTS.table, keys: ['id'], where: (rows) => rows.where('created_at', '<', before), batch: this.batch });
  }
}
