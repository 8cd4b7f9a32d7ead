import type { Knex } from 'knex';
import type { Clock } from '../../../core/ports/clock.js';
import type { OidcPayload, OidcPayloadStore, OidcPayloadWrite } from '../../../core/ports/oidc-store.js';
import { deleteInBatches, PURGE_BATCH } from '../batched-delete.js';
import { engineOf } from '../connection/engine.js';
import { OIDC_PAYLOADS } from '../models/index.js';
import { toRow, type StoredRow } from '../row-mapping.js';
import { toStoredTime } from '../stored-forms.js';
import { payloadRow } from '../../oidc-payload-row.js';
import { keyHashOf, type Presented } from '../../oidc-stored-payload.js';
import { payloadOfRow } from './payload-read.js';
import { isLookupKey, PAYLOAD_KEY_MAX } from './lookup-key.js';
import { postgresRotation } from './postgres-rotation.js';
import { PostgresStatements } from '../hot-path/postgres-statements.js';
import { SqliteStatements } from '../hot-path/sqlite-statements.js';
import { compileTemplate, placeholder, slotsOf, type StatementTemplate } from '../hot-path/statement-template.js';

/** Both parts of a lookup, as a request may carry them (a code, a token, a uid). */
const keys = (...parts: string[]): boolean => parts.every((part) => isLookupKey(part, PAYLOAD_KEY_MAX));

/** A row to upsert, and the columns a conflict replaces. */
interface Upsert {
  row: StoredRow;
  replaced: string[];
}

/**
 * oidc-provider's storage on the service's database: one row per (model, SHA-256 of the id), shared
 * by every instance. Expired rows are invisible before purgeExpired deletes them; consume is one
 * conditional UPDATE, so of concurrent redemptions exactly one changes the row.
 */
export class KnexOidcPayloadStore implements OidcPayloadStore {
  // The two reads of every token request and userinfo call, compiled once from live()'s builder and
  // run as prepared statements (src/adapters/knex/hot-path/README.md): knex would build them each time.
  private readonly statements: Pick<SqliteStatements, 'get'>;
  private readonly byId: StatementTemplate;
  private readonly byUid: StatementTemplate;
  // On SQLite the writes of a token request (consume, upsert) run prepared too, a rotation's as one
  // transaction (decision 0037); PostgreSQL keeps knex's builders, a rotation as one statement.
  private readonly writer: SqliteStatements | null;
  private readonly consuming: StatementTemplate;
  private readonly upserts = new Map<string, StatementTemplate>();

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
    /** Rows per statement of purgeExpired; a spec makes it small to cross many batches with few rows. */
    private readonly purgeBatch = PURGE_BATCH,
  ) {
    this.statements = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : new PostgresStatements(db);
    const slots = { model: placeholder('model'), key: placeholder('key'), now: placeholder('now') };
    const live = (column: 'id' | 'uid') => compileTemplate(this.liveAt(slots.now).where({ model: slots.model, [column]: slots.key }), slots);
    this.byId = live('id');
    this.byUid = live('uid');
    this.writer = engineOf(db) === 'sqlite' ? new SqliteStatements(db) : null;
    const consumed = { model: placeholder('model'), key: placeholder('key'), now: placeholder('now'), at: placeholder('at') };
    this.consuming = compileTemplate(this.consumeQuery(db, consumed), consumed);
  }

  /** The SQL of the prepared reads, by name: what spec/db/hot-path-sql.spec.ts pins on both engines. */
  get sql(): Record<string, string> {
    return { payloadById: this.byId.sql, payloadByUid: this.byUid.sql };
  }

  /** The SQL of a token's consume, of a new token's upsert (neither consumed nor a device code) and, on PostgreSQL, of a rotation: pinned beside the reads. */
  get writeSql(): Record<string, string> {
    const token = this.upsertOf({ model: 'AccessToken', id: 'x', payload: {}, expiresAt: null });
    const sql = { consume: this.consuming.sql, upsertToken: this.upsertTemplate(token).sql };
    if (this.writer) return sql;
    const rotation = postgresRotation(this.db, this.consumeQuery(this.db, this.consumedOf('RefreshToken', 'x', new Date())), [this.upsertQuery(this.db, token)]);
    return { ...sql, rotationOfOne: rotation.toSQL().toNative().sql };
  }

  async upsert(model: string, id: string, payload: OidcPayload, expiresAt: Date | null): Promise<void> {
    const upsert = this.upsertOf({ model, id, payload, expiresAt });
    if (this.writer) await this.writer.run(this.upsertTemplate(upsert), upsert.row);
    else await this.upsertQuery(this.db, upsert);
  }

  async find(model: string, id: string): Promise<OidcPayload | null> {
    if (!keys(model, id)) return null;
    return this.prepared(this.byId, model, keyHashOf(id), { key: id });
  }

  async findByUid(model: string, uid: string): Promise<OidcPayload | null> {
    if (!keys(model, uid)) return null;
    return this.prepared(this.byUid, model, keyHashOf(uid), {});
  }

  async findByUserCode(model: string, userCode: string): Promise<OidcPayload | null> {
    if (!keys(model, userCode)) return null;
    return this.first(this.live().where({ model, user_code: keyHashOf(userCode) }), { userCode });
  }

  async consume(model: string, id: string, at: Date): Promise<boolean> {
    if (!keys(model, id)) return false;
    const consumed = this.consumedOf(model, id, at);
    const changed = this.writer ? await this.writer.run(this.consuming, consumed) : await this.consumeQuery(this.db, consumed);
    return changed === 1;
  }

  async consumeAndUpsert(model: string, id: string, at: Date, writes: readonly OidcPayloadWrite[]): Promise<boolean> {
    if (!keys(model, id)) return false;
    const consumed = this.consumedOf(model, id, at);
    const upserts = writes.map((write) => this.upsertOf(write));
    if (this.writer) {
      const templates = upserts.map((upsert) => this.upsertTemplate(upsert));
      return this.writer.transaction((tx) => {
        if (tx.run(this.consuming, consumed) !== 1) return false;
        upserts.forEach((upsert, i) => tx.run(templates[i]!, upsert.row));
        return true;
      });
    }
    const { rows } = await postgresRotation(this.db, this.consumeQuery(this.db, consumed), upserts.map((upsert) => this.upsertQuery(this.db, upsert)));
    return rows[0]?.won === 1;
  }

  async destroy(model: string, id: string): Promise<void> {
    if (!keys(model, id)) return;
    await this.db(OIDC_PAYLOADS.table).where({ model, id: keyHashOf(id) }).delete();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!keys(grantId)) return;
    await this.db(OIDC_PAYLOADS.table).where({ grant_id: grantId }).delete();
  }

  /** In batches by the primary key (model, id): a million expired rows never make one long statement. */
  async purgeExpired(now: Date): Promise<number> {
    const cutoff = toStoredTime(now, engineOf(this.db));
    return deleteInBatches(this.db, { table: OIDC_PAYLOADS.table, keys: ['model', 'id'], where: (rows) => rows.where('expires_at', '<=', cutoff), batch: this.purgeBatch });
  }

  private consumedOf(model: string, id: string, at: Date): Record<string, string | Date> {
    const stored = toStoredTime(at, engineOf(this.db));
    return { model, key: keyHashOf(id), now: stored, at: stored };
  }

  /** Marks it consumed only if nobody has, while it is unexpired: one conditional UPDATE. */
  private consumeQuery(db: Knex | Knex.Transaction, { model, key, now, at }: Record<string, unknown>): Knex.QueryBuilder {
    return db(OIDC_PAYLOADS.table)
      .where({ model, id: key })
      .whereNull('consumed_at')
      .where((unexpired) => unexpired.whereNull('expires_at').orWhere('expires_at', '>', now as string))
      .update({ consumed_at: at });
  }

  private upsertOf({ model, id, payload, expiresAt }: OidcPayloadWrite): Upsert {
    const row = toRow(OIDC_PAYLOADS, payloadRow(model, id, payload, expiresAt, this.clock.now()), engineOf(this.db));
    // consumed_at is kept unless the payload says it was consumed (a re-saved token stays spent);
    // user_code unless the payload names one (a device code found by its own key has none).
    const kept = (column: string) => column === 'created_at' || (column === 'consumed_at' && !('consumed' in payload)) || (column === 'user_code' && row.user_code === null);
    return { row, replaced: Object.keys(row).filter((column) => !kept(column)) };
  }

  private upsertQuery(db: Knex | Knex.Transaction, { row, replaced }: Upsert): Knex.QueryBuilder {
    return db(OIDC_PAYLOADS.table).insert(row).onConflict(['model', 'id']).merge(replaced);
  }

  /** One prepared upsert per shape (which columns a conflict replaces): four at most. */
  private upsertTemplate(upsert: Upsert): StatementTemplate {
    const shape = `${Object.keys(upsert.row).join()}|${upsert.replaced.join()}`;
    let template = this.upserts.get(shape);
    if (!template) {
      const slots = slotsOf(upsert.row);
      this.upserts.set(shape, (template = compileTemplate(this.upsertQuery(this.db, { row: slots, replaced: upsert.replaced }), slots)));
    }
    return template;
  }

  private live(): Knex.QueryBuilder {
    return this.liveAt(toStoredTime(this.clock.now(), engineOf(this.db)));
  }

  private liveAt(now: string | Date): Knex.QueryBuilder {
    return this.db(OIDC_PAYLOADS.table)
      .select('payload', 'consumed_at')
      .where((unexpired) => unexpired.whereNull('expires_at').orWhere('expires_at', '>', now));
  }

  private async prepared(template: StatementTemplate, model: string, key: string, presented: Presented): Promise<OidcPayload | null> {
    const row = await this.statements.get(template, { model, key, now: toStoredTime(this.clock.now(), engineOf(this.db)) });
    return payloadOfRow(row, presented);
  }

  private async first(query: Knex.QueryBuilder, presented: Presented): Promise<OidcPayload | null> {
    return payloadOfRow((await query.first()) as StoredRow | undefined, presented);
  }

}
