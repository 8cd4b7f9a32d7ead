import type { Knex } from 'knex';

const VALUES = / values \((\?(?:, \?)*)\) on conflict /;

/**
 * A rotation on PostgreSQL as one statement, one round trip and one commit: the consume's UPDATE
 * as a data-modifying CTE, and each upsert as an INSERT … SELECT that inserts only when that
 * UPDATE changed the row. A racing rotation waits on the row's lock, then changes nothing and
 * inserts nothing; a failing insert undoes the UPDATE with it. Compiled from the store's own
 * builders: the consume's conditions and the upsert's conflict rule are theirs.
 */
export const postgresRotation = (db: Knex, consume: Knex.QueryBuilder, upserts: readonly Knex.QueryBuilder[]): Knex.Raw<{ rows: { won: number }[] }> => {
  const parts = [consume.returning('id').toSQL(), ...upserts.map((upsert) => upsert.toSQL())];
  const [update, ...inserts] = parts.map((part) => part.sql);
  const guarded = inserts.map((sql, i) => {
    if (!VALUES.test(sql)) throw new Error(`not an upsert of one row: ${sql}`);
    return `written_${i} as (${sql.replace(VALUES, ' select $1 where exists (select 1 from consumed) on conflict ')})`;
  });
  const sql = `with consumed as (${update}), ${guarded.join(', ')} select count(*)::int as won from consumed`;
  return db.raw(sql, parts.flatMap((part) => [...part.bindings])) as unknown as Knex.Raw<{ rows: { won: number }[] }>;
};
