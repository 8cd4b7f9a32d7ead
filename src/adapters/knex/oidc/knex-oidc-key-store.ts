import type { Knex } from 'knex';
import type { OidcKeyStore, StoredSigningKey } from '../../../core/ports/oidc-store.js';
import { engineOf } from '../connection/engine.js';
import { OIDC_SIGNING_KEYS } from '../models/index.js';
import { fromRow, toRow, type StoredRow } from '../row-mapping.js';
import { toStoredTime } from '../stored-forms.js';

/**
 * The signing keys every instance publishes. The first start of several instances at once (or the
 * first of a release with a new algorithm): each tries to add its keys in a transaction that first
 * takes the write lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: a table lock), so exactly one set lands.
 */
export class KnexOidcKeyStore implements OidcKeyStore {
  constructor(private readonly db: Knex) {}

  async list(): Promise<StoredSigningKey[]> {
    const rows = (await this.db(OIDC_SIGNING_KEYS.table).orderBy('created_at', 'desc').orderBy('kid', 'desc')) as StoredRow[];
    return rows.map((row) => fromRow(OIDC_SIGNING_KEYS, row));
  }

  addWhereMissing(keys: StoredSigningKey[]): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      await this.lock(trx);
      const current = new Set(((await trx(OIDC_SIGNING_KEYS.table).whereNull('retired_at').select('alg')) as { alg: string }[]).map((row) => row.alg));
      const missing = keys.filter((key) => !current.has(key.alg));
      await this.insert(trx, missing);
      return missing.length > 0;
    });
  }

  async rotate(keys: StoredSigningKey[], at: Date): Promise<void> {
    await this.db.transaction(async (trx) => {
      await this.lock(trx);
      await trx(OIDC_SIGNING_KEYS.table).whereNull('retired_at').update({ retired_at: toStoredTime(at, engineOf(trx)) });
      await this.insert(trx, keys);
    });
  }

  async deleteRetiredBefore(before: Date): Promise<number> {
    const cutoff = toStoredTime(before, engineOf(this.db));
    return (await this.db(OIDC_SIGNING_KEYS.table).where('retired_at', '<', cutoff).delete()) as number;
  }

  private async lock(trx: Knex.Transaction): Promise<void> {
    if (engineOf(trx) === 'postgres') await trx.raw(`lock table ${OIDC_SIGNING_KEYS.table} in share row exclusive mode`);
  }

  private async insert(trx: Knex.Transaction, keys: StoredSigningKey[]): Promise<void> {
    if (keys.length === 0) return;
    await trx(OIDC_SIGNING_KEYS.table).insert(keys.map((key) => toRow(OIDC_SIGNING_KEYS, key, engineOf(trx))));
  }
}
