import type { Knex } from 'knex';
import type { EventRetention } from '../../core/ports/event-retention.js';
import { engineOf } from './connection/engine.js';
import { SECURITY_EVENTS } from './models/index.js';
import { toStoredTime } from './stored-forms.js';

/** Rows per statement: each batch holds SQLite's write lock for milliseconds, so requests never wait long. */
export const RETENTION_BATCH = 500;

/**
 * The retention access mode: one kind of statement, a delete of security events by age, in batches
 * until none is left. It reads no column but the index on created_at and answers only a count.
 * Instances may run it at the same time: each batch deletes what is still there, nothing more.
 */
export class KnexEventRetention implements EventRetention {
  constructor(private readonly db: Knex) {}

  async deleteEventsBefore(cutoff: Date): Promise<number> {
    const before = toStoredTime(cutoff, engineOf(this.db));
    let total = 0;
    for (;;) {
      const batch = this.db(SECURITY_EVENTS.table).select('id').where('created_at', '<', before).limit(RETENTION_BATCH);
      const deleted = (await this.db(SECURITY_EVENTS.table).whereIn('id', batch).delete()) as number;
      total += deleted;
      if (deleted < RETENTION_BATCH) return total;
    }
  }
}
