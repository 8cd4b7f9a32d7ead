/** One paging rule for every paged list: `limit` 1–100 (default 50) and an opaque cursor. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

export interface Paged<T> {
  items: T[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor names the last row served (a UUIDv7 id), wrapped so clients treat it as opaque. */
export const encodeCursor = (lastId: string): string => Buffer.from(`v1:${lastId}`, 'utf8').toString('base64url');

/** The id a cursor names, or null when it is not one this service issued. */
export const decodeCursor = (cursor: string): string | null => {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('v1:') ? text.slice(3) : '';
  return CANONICAL_UUID.test(id) ? id : null;
};

/** Reads `limit + 1` rows to know whether another page follows, then serves `limit`. */
export const pageOf = <T extends { id: string }, V>(rows: T[], limit: number, view: (row: T) => V): Paged<V> => {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map(view), nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
};
