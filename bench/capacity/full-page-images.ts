const PAGE_BYTES = 8_192;

/** How the sessions table is laid out: measured by the bench at the end of its run. */
export interface SessionsTable {
  rows: number;
  heapBytes: number;
  indexBytes: number;
}

/**
 * The WAL of the full-page images the touches cause, bytes a second: after each checkpoint the
 * first change to a page writes the whole page. In one interval of `checkpointSeconds` the touches
 * reach at least `touchesPerSecond × 60` sessions (each is touched at most once a minute); spread
 * at random over the heap's pages, they dirty pages × (1 − e^(−sessions / pages)) of them. Heap
 * pages only: a touch changes no indexed column, so it can be a HOT update.
 */
export const touchFullPageImages = (liveSessions: number, table: SessionsTable, touchesPerSecond: number, checkpointSeconds: number): number => {
  const pages = Math.ceil((liveSessions * table.heapBytes) / Math.max(1, table.rows) / PAGE_BYTES);
  const sessions = Math.min(liveSessions, touchesPerSecond * 60);
  const dirtied = pages * (1 - Math.exp(-sessions / Math.max(1, pages)));
  return (dirtied * PAGE_BYTES) / checkpointSeconds;
};
