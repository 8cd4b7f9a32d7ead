import type { Knex } from 'knex';

/** count(*) as a number on both engines (PostgreSQL returns bigint as a string). */
export const countRows = async (db: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> => {
  const [row] = (await db(table).where(where).count({ n: '*' })) as { n: number | string }[];
  return Number(row?.n ?? 0);
};
