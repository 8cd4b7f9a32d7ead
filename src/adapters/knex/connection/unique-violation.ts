/**
 * True when `error` is a unique-key violation on table.column, as reported by better-sqlite3
 * (`UNIQUE constraint failed: users.email`) or by pg (SQLSTATE 23505 on knex's index name).
 */
export const isUniqueViolation = (error: unknown, table: string, column: string): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return typeof message === 'string' && message.includes(`${table}.${column}`);
  }
  return code === '23505' && constraint === `${table}_${column}_unique`;
};
