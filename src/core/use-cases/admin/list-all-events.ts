import { pageOf, type Paged } from '../../domain/page-cursor.js';
import type { TrailEventType } from '../../domain/security-event.js';
import type { Ports } from '../../ports/ports.js';
import { eventListRules, parseQuery } from '../../query-rules.js';
import { openAdminScope } from './admin-authentication.js';
import { afterCursor } from '../cursor-position.js';
import { toEventView } from './to-admin-views.js';
import type { AdminCaller } from '../../domain/admin-principal.js';
import type { EventView } from '../views.js';

type Query = { limit: number; cursor?: string; user_id?: string; type?: TrailEventType };
/** Every user's trail (query: user_id, type, limit, cursor). */
export type ListAllEvents = (caller: AdminCaller, query: unknown) => Promise<Paged<EventView>>;

/** Every user's trail, newest first, optionally one user's or one type's. */
export const makeListAllEvents =
  (deps: Pick<Ports, 'scopes' | 'admins'>): ListAllEvents =>
  async (caller, query) => {
    const admin = await openAdminScope(deps, caller);
    const q = parseQuery<Query>(eventListRules, query);
    const rows = await admin.listEvents({ userId: q.user_id ?? null, type: q.type ?? null, limit: q.limit + 1, before: afterCursor(q.cursor) });
    return pageOf(rows, q.limit, toEventView);
  };
