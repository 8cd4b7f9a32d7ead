import { pageOf } from '../../domain/page-cursor.js';
import type { Ports } from '../../ports/ports.js';
import { pageRules, parseQuery } from '../../query-rules.js';
import { afterCursor } from '../cursor-position.js';
import { toEventView } from '../admin/to-admin-views.js';
import type { UseCases } from '../use-cases.js';

/** The caller's own trail, newest first, through its own scope. */
export const makeListMyEvents =
  (deps: Pick<Ports, 'scopes'>): UseCases['listMyEvents'] =>
  async (principal, query) => {
    const q = parseQuery<{ limit: number; cursor?: string }>(pageRules, query);
    const rows = await deps.scopes.open(principal.userId).listEvents({ limit: q.limit + 1, before: afterCursor(q.cursor) });
    return pageOf(rows, q.limit, toEventView);
  };
