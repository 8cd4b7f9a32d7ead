import type { Knex } from 'knex';

/** CONTRACT §1: the database keeps ids as 32 lowercase hex characters, without hyphens. */
export const storedId = (id: string): string => id.replaceAll('-', '');

export interface OwnedRows {
  users: number;
  sessions: number;
  api_tokens: number;
  invites: number;
}

const count = async (db: Knex, table: string, column: string, id: string): Promise<number> => {
  const [row] = await db(table).where(column, storedId(id)).count({ n: '*' });
  return Number(row?.n);
};

/** How many rows of each user-owned table belong to the user, read straight from the file. */
export const ownedRows = async (db: Knex, userId: string): Promise<OwnedRows> => ({
  users: await count(db, 'users', 'id', userId),
  sessions: await count(db, 'sessions', 'user_id', userId),
  api_tokens: await count(db, 'api_tokens', 'user_id', userId),
  invites: await count(db, 'invites', 'created_by', userId),
});
