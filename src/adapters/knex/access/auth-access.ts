import type { Knex } from 'knex';
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

  deleteBy(model: SchemaModel, column: string, value: string): Promise<number> {
    return this.exact(model, column, value).delete() as Promise<number>;
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
