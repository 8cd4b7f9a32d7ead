import type { Knex } from 'knex';
import { engineOf } from '../engine.js';
import { USERS, type SchemaModel } from '../models/index.js';
import { isUniqueKey } from '../models/model.js';
import { aliasedColumns, type StoredRow } from '../row-mapping.js';

export const ROW_PREFIX = 'r__';
export const OWNER_PREFIX = 'u__';

/**
 * The authentication session of SPEC §5, for lookups before identity is known: every read, update
 * and delete is an exact match on a primary or unique key (refused otherwise), and inserts create
 * the rows those lookups find.
 */
export class AuthAccess {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  findBy(model: SchemaModel, column: string, value: string): Promise<StoredRow | undefined> {
    return this.exact(model, column, value).first() as Promise<StoredRow | undefined>;
  }

  /** One query for the hot paths: the row and its owning user, columns prefixed r__ and u__. */
  findWithOwner(model: SchemaModel, column: string, value: string): Promise<StoredRow | undefined> {
    if (model.scopeColumn === null || model.table === USERS.table) throw new Error(`${model.table} has no owner to join`);
    return this.exact(model, column, value)
      .join(USERS.table, `${USERS.table}.id`, `${model.table}.${model.scopeColumn}`)
      .first([...aliasedColumns(model, ROW_PREFIX), ...aliasedColumns(USERS, OWNER_PREFIX)]) as Promise<StoredRow | undefined>;
  }

  async insert(model: SchemaModel, row: StoredRow): Promise<void> {
    await this.db(model.table).insert(row);
  }

  /** Deletes the row with that key and answers the named columns of what it deleted, in one statement. */
  deleteBy(model: SchemaModel, column: string, value: string, returning: string[]): Promise<StoredRow[]> {
    const query = this.exact(model, column, value);
    if (engineOf(this.db) !== 'sqlite') return query.delete(returning) as Promise<StoredRow[]>;
    // knex's SQLite compiler drops RETURNING from a delete, though SQLite (3.35+) runs it.
    const { sql, bindings } = query.delete().toSQL();
    const columns = returning.map((name) => `\`${name}\``).join(', ');
    return this.db.raw(`${sql} returning ${columns}`, bindings) as unknown as Promise<StoredRow[]>;
  }

  /** `counter = counter + 1` on one row, only while counter < limit; answers how many rows changed. */
  incrementWhileBelow(model: SchemaModel, key: { column: string; value: string }, counter: string, limit: string): Promise<number> {
    return this.exact(model, key.column, key.value)
      .andWhere(counter, '<', this.db.ref(limit))
      .update({ [counter]: this.db.raw('?? + 1', [counter]) }) as Promise<number>;
  }

  /** Runs `work` in one transaction; on SQLite it begins with BEGIN IMMEDIATE (the write lock). */
  transaction<T>(work: (access: AuthAccess) => Promise<T>): Promise<T> {
    return this.db.transaction((trx) => work(new AuthAccess(trx)));
  }

  private exact(model: SchemaModel, column: string, value: string): Knex.QueryBuilder {
    if (!isUniqueKey(model, column)) throw new Error(`${model.table}.${column} is not a unique key`);
    return this.db(model.table).where(`${model.table}.${column}`, value);
  }
}
