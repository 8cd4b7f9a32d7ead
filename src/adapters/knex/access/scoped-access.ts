import type { Knex } from 'knex';
import type { UserId } from '../../../core/domain/user-id.js';
import { engineOf, type Engine } from '../connection/engine.js';
import { columnFor, type InsertableModel, type SchemaModel, type ScopedModel } from '../models/model.js';
import { toRow, type StoredRow } from '../row-mapping.js';
import { compileTemplate, type StatementTemplate } from '../hot-path/statement-template.js';
import { toStoredId } from '../stored-forms.js';
import { ScopedFilter } from './scoped-filter.js';
import { ScopedReader } from './scoped-reader.js';

/** Fields a scope may change: never the row's id, never the column that says whose row it is. */
export type ScopedChanges<T, S extends keyof T> = Partial<Omit<T, S | 'id'>>;
/** What a scope inserts: the owner field may be given, but the scope's user replaces it. */
export type ScopedInsert<T, O extends keyof T> = Omit<T, O> & Partial<Pick<T, O>>;
/** The fields of a record that hold numbers: the only ones a counter may be. */
type NumberField<T> = { [F in keyof T & string]: T[F] extends number ? F : never }[keyof T & string];
export type Narrowing<T> = (filter: ScopedFilter<T>) => ScopedFilter<T>;

/**
 * The user scope of docs/architecture.md: every query it builds is confined to one user on the model's scope
 * column. The models it accepts, the fields it lets change and the reader it returns are types, so
 * another user's rows cannot be reached by a query that compiles (spec/types/forbidden.ts).
 */
export class ScopedAccess {
  private readonly storedUserId: string;
  readonly engine: Engine;

  constructor(
    private readonly db: Knex | Knex.Transaction,
    readonly userId: UserId,
  ) {
    this.storedUserId = toStoredId(userId);
    this.engine = engineOf(db);
  }

  select<T, S extends keyof T & string>(model: ScopedModel<T, S>): ScopedReader<T> {
    this.filtered(model); // refuses an unscoped model now, not when the read first runs
    return new ScopedReader(() => this.filtered(model), model, this.engine);
  }

  async update<T, S extends keyof T & string>(model: ScopedModel<T, S>, changes: ScopedChanges<T, S>, narrowing?: Narrowing<T>): Promise<number> {
    const row = toRow(model, changes as Partial<T>, this.engine);
    if (Object.keys(row).length === 0) return 0;
    return (await this.narrowed(model, narrowing).update(row)) as number;
  }

  /** `field = field + 1` on the narrowed rows while it is below `limit`, in one statement; answers how many rows changed. */
  async incrementWhileBelow<T, S extends keyof T & string>(model: ScopedModel<T, S>, field: Exclude<NumberField<T>, S>, limit: number, narrowing: Narrowing<T>): Promise<number> {
    const column = columnFor(model, field).name;
    const query = this.narrowed(model, narrowing).andWhere(`${model.table}.${column}`, '<', limit);
    return (await query.update({ [column]: this.db.raw('?? + 1', [column]) })) as number;
  }

  async delete<T, S extends keyof T & string>(model: ScopedModel<T, S>, narrowing?: Narrowing<T>): Promise<number> {
    return (await this.narrowed(model, narrowing).delete()) as number;
  }

  async insert<T, O extends keyof T & string>(model: InsertableModel<T, O>, record: ScopedInsert<T, O>): Promise<void> {
    if (!('owner' in model)) throw new Error(`a user scope cannot insert into ${(model as SchemaModel).table}`);
    const row = toRow(model, record, this.engine);
    await this.db(model.table).insert({ ...row, [model.owner.column]: this.storedUserId });
  }

  /** Locks this user's row until the transaction ends (PostgreSQL), serializing the user's transactions. */
  async lockOwner(): Promise<void> {
    await this.db('users').where('id', this.storedUserId).forUpdate().select('id');
  }

  /**
   * An update compiled once with placeholder values (prepared-scope-queries.ts): the same filter as
   * `update`, handed out as SQL text to bind, never as a builder that could be chained onto.
   */
  compiledUpdate<T, S extends keyof T & string>(
    model: ScopedModel<T, S>,
    row: StoredRow,
    narrowing: Narrowing<T>,
    placeholders: Readonly<Record<string, unknown>>,
  ): StatementTemplate {
    return compileTemplate(this.narrowed(model, narrowing).update(row), placeholders);
  }

  /** An insert compiled once like `compiledUpdate`: `row` holds a placeholder per column, the owner column is the scope's. */
  compiledInsert<T, O extends keyof T & string>(model: InsertableModel<T, O>, row: StoredRow, placeholders: Readonly<Record<string, unknown>>): StatementTemplate {
    return compileTemplate(this.db(model.table).insert({ ...row, [model.owner.column]: this.storedUserId }), placeholders);
  }

  /** A delete compiled once like `compiledUpdate`, with the same filter as `delete`. */
  compiledDelete<T, S extends keyof T & string>(model: ScopedModel<T, S>, narrowing: Narrowing<T>, placeholders: Readonly<Record<string, unknown>>): StatementTemplate {
    return compileTemplate(this.narrowed(model, narrowing).delete(), placeholders);
  }

  private narrowed<T>(model: ScopedModel<T>, narrowing?: Narrowing<T>): Knex.QueryBuilder {
    const query = this.filtered(model);
    if (narrowing) narrowing(new ScopedFilter(model, this.engine)).applyTo(query);
    return query;
  }

  /** Casts or plain JavaScript could still hand in an unscoped model: refuse it at run time too. */
  private filtered<T>(model: ScopedModel<T>): Knex.QueryBuilder {
    if (!('scope' in model)) throw new Error(`${(model as SchemaModel).table} has no user column and cannot be read through a user scope`);
    return this.db(model.table).where(`${model.table}.${model.scope.column}`, this.storedUserId);
  }
}
