import type { Knex } from 'knex';
import type { Engine } from '../connection/engine.js';
import { columnFor, type ScopedModel } from '../models/model.js';
import { compileTemplate, type StatementTemplate } from '../hot-path/statement-template.js';
import { fromRow, type StoredRow } from '../row-mapping.js';
import { ScopedFilter } from './scoped-filter.js';

/** The number a count's row holds (PostgreSQL answers a bigint as text). */
export const countOf = (row: StoredRow | undefined): number => Number(row?.n ?? 0);

/**
 * A read of one user's rows of one model: conditions, order and a limit, then `first`, `all` or
 * `count`. It hands out records, never a query builder, so nothing can be chained onto the SQL.
 */
export class ScopedReader<T> extends ScopedFilter<T> {
  private readonly order: { column: string; order: 'asc' | 'desc' }[] = [];
  private rowLimit: number | null = null;
  private rowOffset = 0;

  constructor(
    private readonly base: () => Knex.QueryBuilder,
    model: ScopedModel<T>,
    engine: Engine,
  ) {
    super(model, engine);
  }

  orderBy(field: keyof T & string, order: 'asc' | 'desc' = 'asc'): this {
    this.order.push({ column: `${this.model.table}.${columnFor(this.model, field).name}`, order });
    return this;
  }

  limit(rows: number): this {
    this.rowLimit = rows;
    return this;
  }

  offset(rows: number): this {
    this.rowOffset = rows;
    return this;
  }

  async first(): Promise<T | null> {
    const [row] = await this.query().limit(1);
    return row ? fromRow(this.model, row) : null;
  }

  async all(): Promise<T[]> {
    return ((await this.allQuery()) as StoredRow[]).map((row) => fromRow(this.model, row));
  }

  /** What `all` would run, compiled once with placeholder values (statement-template.ts). */
  compiledAll(placeholders: Readonly<Record<string, unknown>>): StatementTemplate {
    return compileTemplate(this.allQuery(), placeholders);
  }

  async count(): Promise<number> {
    const [row] = (await this.countQuery()) as StoredRow[];
    return countOf(row);
  }

  /** What `count` would run, compiled once with placeholder values; its row reads with `countOf`. */
  compiledCount(placeholders: Readonly<Record<string, unknown>>): StatementTemplate {
    return compileTemplate(this.countQuery(), placeholders);
  }

  private countQuery(): Knex.QueryBuilder {
    const query = this.base();
    this.applyTo(query);
    return query.count({ n: '*' });
  }

  private allQuery(): Knex.QueryBuilder {
    const query = this.query();
    if (this.rowLimit !== null) query.limit(this.rowLimit);
    if (this.rowOffset > 0) query.offset(this.rowOffset);
    return query;
  }

  private query(): Knex.QueryBuilder {
    const query = this.base().select(this.model.columns.map((column) => `${this.model.table}.${column.name}`));
    this.applyTo(query);
    if (this.order.length > 0) query.orderBy(this.order);
    return query;
  }
}
