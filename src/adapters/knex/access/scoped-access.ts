import type { Knex } from 'knex';
import type { SchemaModel } from '../models/index.js';
import type { StoredRow } from '../row-mapping.js';
import { toStoredId } from '../stored-forms.js';

export type ReadQuery = Knex.QueryBuilder<StoredRow, StoredRow[]>;
/** Extra conditions; they are grouped in parentheses and ANDed with the user filter. */
export type Narrowing = (query: Knex.QueryBuilder<StoredRow, number>) => void;

/**
 * The user scope of SPEC §5: every query it builds is confined to one user on the model's scope
 * column, and it has no method that returns or runs an unfiltered query.
 */
export class ScopedAccess {
  private readonly storedUserId: string;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly userId: string,
  ) {
    this.storedUserId = toStoredId(userId);
  }

  /**
   * A read query on this user's rows. The filter sits inside a derived table named like the table,
   * so nothing chained onto the result (an `orWhere` included) can widen it to other users.
   */
  select(model: SchemaModel): ReadQuery {
    const filtered = this.db(model.table).where(this.scopeColumn(model), this.storedUserId);
    return this.db.from(filtered.as(model.table)) as unknown as ReadQuery;
  }

  update(model: SchemaModel, changes: StoredRow, narrowing?: Narrowing): Promise<number> {
    return this.filtered(model, narrowing).update(changes) as Promise<number>;
  }

  delete(model: SchemaModel, narrowing?: Narrowing): Promise<number> {
    return this.filtered(model, narrowing).delete() as Promise<number>;
  }

  /** The owner column is set to this user whatever the row says, so a scope cannot write for another. */
  async insert(model: SchemaModel, row: StoredRow): Promise<void> {
    if (model.ownerColumn === null) throw new Error(`a user scope cannot insert into ${model.table}`);
    await this.db(model.table).insert({ ...row, [model.ownerColumn]: this.storedUserId });
  }

  private filtered(model: SchemaModel, narrowing?: Narrowing): Knex.QueryBuilder<StoredRow, number> {
    const query = this.db<StoredRow, number>(model.table).where(this.scopeColumn(model), this.storedUserId);
    return narrowing ? query.andWhere((inner) => narrowing(inner)) : query;
  }

  private scopeColumn(model: SchemaModel): string {
    if (model.scopeColumn === null) throw new Error(`${model.table} has no user column and cannot be read through a user scope`);
    return model.scopeColumn;
  }
}
