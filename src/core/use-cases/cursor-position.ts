import { decodeCursor } from '../domain/page-cursor.js';
import { invalid } from '../rules.js';

/** The id a client's cursor names; a cursor this service did not issue is a validation failure. */
export const afterCursor = (cursor: string | undefined): string | null => {
  if (cursor === undefined) return null;
  const id = decodeCursor(cursor);
  if (id === null) throw invalid(['query', 'cursor'], 'is not a cursor this service issued');
  return id;
};
