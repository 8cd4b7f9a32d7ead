import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { AttemptCount, AttemptThrottle, ThrottleRule } from '../../core/ports/attempt-throttle.js';
import { engineOf } from './connection/engine.js';
import { THROTTLE_COUNTERS } from './models/throttle-counters.js';
import { fromStoredTime, toStoredTime } from './stored-forms.js';

const TABLE = THROTTLE_COUNTERS.table;
const PURGE_EVERY_MS = 60_000;

/**
 * One statement, atomic on SQLite ≥ 3.35 and PostgreSQL alike: insert a fresh window, or on
 * conflict restart an ended window / add one attempt (capped at limit + 2, so the first refusal shows). Every SET expression
 * reads the row as it was before the update.
 */
const HIT = `insert into ${TABLE} (key_hash, attempts, resets_at) values (?, 1, ?)
  on conflict (key_hash) do update set
    attempts = case when ${TABLE}.resets_at <= ? then 1
                    when ${TABLE}.attempts <= ? then ${TABLE}.attempts + 1
                    else ${TABLE}.attempts end,
    resets_at = case when ${TABLE}.resets_at <= ? then excluded.resets_at else ${TABLE}.resets_at end
  returning attempts, resets_at`;

// The key may be an email or an address: only its digest is stored.
const keyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

const rowsOf = (result: unknown): { attempts: unknown; resets_at: unknown }[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { attempts: unknown; resets_at: unknown }[];

export class KnexAttemptThrottle implements AttemptThrottle {
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Knex) {}

  async hit(key: string, rule: ThrottleRule, now: Date): Promise<AttemptCount> {
    const engine = engineOf(this.db);
    const at = toStoredTime(now, engine);
    const resetsAt = toStoredTime(new Date(now.getTime() + rule.windowMs), engine);
    const [row] = rowsOf(await this.db.raw(HIT, [keyHash(key), resetsAt, at, rule.limit + 1, at]));
    if (!row) throw new Error('throttle upsert returned no row');
    await this.purgeNowAndThen(now);
    return { attempts: Number(row.attempts), resetsAt: fromStoredTime(row.resets_at) };
  }

  async reset(key: string): Promise<void> {
    await this.db(TABLE).where('key_hash', keyHash(key)).delete();
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db(TABLE).where('resets_at', '<=', toStoredTime(now, engineOf(this.db))).delete();
  }

  /** Expired rows go opportunistically, at most once a minute per process, so no timer is needed. */
  private async purgeNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await this.purgeExpired(now);
  }
}
