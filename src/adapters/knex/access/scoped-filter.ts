import type { Knex } from 'knex';
import type { Engine } from '../connection/engine.js';
import { columnFor, type Model } from '../models/model.js';
import { toStoredValue } from '../row-mapping.js';

export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';
type Condition = { column: string; op: Comparison; stored: unknown } | 'matches nothing';

/**
 * Conditions on a scoped model's fields, kept as data: the scope applies them inside its own user
 * filter, so no condition can reach another user's rows (there is no `or`, no raw SQL, no `from`).
 */
export class ScopedFilter<T> {
  protected readonly conditions: Condition[] = [];

  constructor(
    protected readonly model: Model<T>,
    protected readonly engine: Engine,
  ) {}

  where<F extends keyof T & string>(field: F, value: T[F]): this;
  where<F extends keyof T & string>(field: F, op: Comparison, value: T[F]): this;
  where<F extends keyof T & string>(field: F, opOrValue: unknown, value?: unknown): this {
    const [op, raw] = value === undefined ? (['=', opOrValue] as const) : ([opOrValue as Comparison, value] as const);
    return this.add(field, op, raw);
  }

  whereNot<F extends keyof T & string>(field: F, value: T[F]): this {
    return this.add(field, '<>', value);
  }

  /** ANDs the conditions onto a query that already carries the user filter. */
  applyTo(query: Knex.QueryBuilder): void {
    for (const condition of this.conditions) {
      if (condition === 'matches nothing') query.whereRaw('1 = 0');
      // SQL's `= NULL` is never true: a null value means IS NULL (and `<>` IS NOT NULL).
      else if (condition.stored === null && condition.op === '=') query.whereNull(condition.column);
      else if (condition.stored === null && condition.op === '<>') query.whereNotNull(condition.column);
      else query.where(condition.column, condition.op, condition.stored as Knex.Value);
    }
  }

  private add(field: keyof T & string, op: Comparison, raw: unknown): this {
    const column = columnFor(this.model, field);
    const stored = toStoredValue(column, raw, this.engine);
    // A value that cannot be stored (an id that is not a UUID) equals no row and differs from all.
    if (stored !== undefined) this.conditions.push({ column: `${this.model.table}.${column.name}`, op, stored });
    else if (op !== '<>') this.conditions.push('matches nothing');
    return this;
  }
}
