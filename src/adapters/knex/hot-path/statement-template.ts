import type { Knex } from 'knex';

/**
 * A query compiled once from the same builders the adapter uses everywhere (so scoping and
 * exact-key rules stay in one place), with its parameters found again by position: the builder
 * is given a unique placeholder value for each parameter, and `bind` puts the real values there.
 */
export interface StatementTemplate {
  sql: string;
  bind(values: Readonly<Record<string, unknown>>): unknown[];
}

/** A placeholder value that no real parameter can equal, named for what it stands for. */
export const placeholder = (name: string): string => `\u0000${name}`;

/** A placeholder per column of `row`, named by the column: compiles an insert or update of those columns. */
export const slotsOf = (row: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.keys(row).map((column) => [column, placeholder(column)]));

export const compileTemplate = (builder: Knex.QueryBuilder | Knex.Raw, placeholders: Readonly<Record<string, unknown>>): StatementTemplate => {
  const { sql, bindings } = builder.toSQL().toNative();
  const names = new Map([...Object.entries(placeholders)].map(([name, value]) => [value, name]));
  const slots = bindings.map((binding) => names.get(binding) ?? null);
  for (const name of Object.keys(placeholders)) {
    if (slots.filter((slot) => slot === name).length !== 1) throw new Error(`placeholder ${name} must occur exactly once in ${sql}`);
  }
  return {
    sql,
    bind: (values) =>
      slots.map((slot, i) => {
        if (slot === null) return bindings[i];
        if (!(slot in values)) throw new Error(`no value for ${slot}`);
        return values[slot];
      }),
  };
};

/**
 * The access classes return knex builders typed as promises. A builder runs only when awaited, so
 * one that has not been awaited can be compiled instead; anything else is refused.
 */
export const unrunBuilder = (pending: PromiseLike<unknown>): Knex.QueryBuilder => {
  const candidate = pending as Partial<Knex.QueryBuilder>;
  if (typeof candidate.toSQL !== 'function') throw new Error('expected an unexecuted knex query builder');
  return pending as unknown as Knex.QueryBuilder;
};
