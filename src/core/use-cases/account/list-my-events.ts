import { pageOf, type Paged } from '../../domain/page-cursor.js';
import type { Ports } from '../../ports/ports.js';
import { pageRules, parseQuery } from '../../query-rules.js';
import { afterCursor } from '../cursor-position.js';
import { toEventView } from '../admin/to-admin-views.js';
import type { Principal } from '../../domain/principal.js';
import type { EventView } from '../views.js';

/** The caller's own security trail, newest first (query: limit, cursor). */
export type ListMyEvents = (principal: Principal, query: unknown) => Promise<Paged<EventView>>;

/** The caller's own trail, newest first, through its own scope. */
export const makeListMyEvents =
  (deps: Pick<Ports, 'scopes'>): ListMyEvents =>
  async (principal, query) => {
    const q = parseQuery<{ limit: number; cursor?: string }>(pageRules, query);
    const rows = await deps.scopes.open(principal.userId).listEvents({ limit: q.limit + 1, before: afterCursor(q.cursor) });
    return pageOf(rows, q.limit, toEventView);
  };
