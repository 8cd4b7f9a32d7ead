import type { Knex } from 'knex';
import { engineOf } from '../connection/engine.js';
import { USERS } from '../models/index.js';
import { columnFor, isUniqueKey, type Model, type SchemaModel, type ScopedModel } from '../models/model.js';
import { compileTemplate, type StatementTemplate } from '../hot-path/statement-template.js';
import { aliasedColumns, type StoredRow } from '../row-mapping.js';

export const ROW_PREFIX = 'r__';
export const OWNER_PREFIX = 'u__';

/**
 * The authentication session of docs/architecture.md, for lookups before identity is known: every read and
 * delete is an exact match on a key the model declares (a type: `keys`), and inserts create the
 * rows those lookups find.
 */
export class AuthAccess {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  findBy<T, K extends keyof T & string>(model: Model<T, K>, field: NoInfer<K>, value: string): Promise<StoredRow | undefined> {
    return this.exact(model, field, value).first() as Promise<StoredRow | undefined>;
  }

  /**
   * One query for the hot paths: the row and its owning user, columns prefixed r__ and u__; `owner`
   * picks which user columns come along (all of them unless a projection of users says otherwise).
   */
  findWithOwner<T, K extends keyof T & string>(
    model: ScopedModel<T, keyof T & string, K>,
    field: NoInfer<K>,
    value: string,
    owner: SchemaModel = USERS,
  ): Promise<StoredRow | undefined> {
    if (model.table === USERS.table) throw new Error('users has no owner to join');
    if (owner.table !== USERS.table) throw new Error(`${owner.table} is not the users table`);
    return this.exact(model, field, value)
      .join(USERS.table, `${USERS.table}.id`, `${model.table}.${model.scope.column}`)
      .first([...aliasedColumns(model, ROW_PREFIX), ...aliasedColumns(owner, OWNER_PREFIX)]) as Promise<StoredRow | undefined>;
  }

  async insert(model: SchemaModel, row: StoredRow): Promise<void> {
    await this.db(model.table).insert(row);
  }

  /** An insert compiled once with a placeholder per column (hot-path/statement-template.ts). */
  compiledInsert(model: SchemaModel, row: StoredRow, placeholders: Readonly<Record<string, unknown>>): StatementTemplate {
    return compileTemplate(this.db(model.table).insert(row), placeholders);
  }

  /** Deletes the row with that key and answers the named columns of what it deleted, in one statement. */
  deleteBy<T, K extends keyof T & string>(model: Model<T, K>, field: NoInfer<K>, value: string, returning: string[]): Promise<StoredRow[]> {
    const query = this.exact(model, field, value);
    if (engineOf(this.db) !== 'sqlite') return query.delete(returning) as Promise<StoredRow[]>;
    // knex's SQLite compiler drops RETURNING from a delete, though SQLite (3.35+) runs it.
    const { sql, bindings } = query.delete().toSQL();
    const columns = returning.map((name) => `\`${name}\``).join(', ');
    return this.db.raw(`${sql} returning ${columns}`, bindings) as unknown as Promise<StoredRow[]>;
  }

  /** `counter = counter + 1` on one row, only while counter < limit; answers how many rows changed. */
  incrementWhileBelow<T, K extends keyof T & string>(model: Model<T, K>, key: { field: NoInfer<K>; value: string }, counter: string, limit: string): Promise<number> {
    return this.exact(model, key.field, key.value)
      .andWhere(counter, '<', this.db.ref(limit))
      .update({ [counter]: this.db.raw('?? + 1', [counter]) }) as Promise<number>;
  }

  /** Runs `work` in one transaction; on SQLite it begins with BEGIN IMMEDIATE (the write lock). */
  transaction<T>(work: (access: AuthAccess, trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction((trx) => work(new AuthAccess(trx), trx));
  }

  private exact<T>(model: Model<T>, field: keyof T & string, value: string): Knex.QueryBuilder {
    const column = columnFor(model, field).name;
    // Casts or plain JavaScript could still name another field: refuse it at run time too.
    if (!isUniqueKey(model, column)) throw new Error(`${model.table}.${column} is not a unique key`);
    return this.db(model.table).where(`${model.table}.${column}`, value);
  }
}
