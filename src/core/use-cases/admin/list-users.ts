import { normalizeEmail } from '../../domain/email.js';
import { pageOf, type Paged } from '../../domain/page-cursor.js';
import type { Ports } from '../../ports/ports.js';
import { parseQuery, userListRules } from '../../query-rules.js';
import { openAdminScope } from './admin-authentication.js';
import { afterCursor } from '../cursor-position.js';
import { toAdminUserView } from './to-admin-views.js';
import type { AdminCaller } from '../../domain/admin-principal.js';
import type { AdminUserView } from '../views.js';

/**
 * Administration (docs/api.md). A Principal must be an enabled admin by the database's word at
 * this call (else forbidden); 'operator' is the command line. Unknown targets are not_found.
 */
export type ListUsers = (caller: AdminCaller, query: unknown) => Promise<Paged<AdminUserView>>;

/** Every user, oldest first, a page at a time; `email_prefix` compares with the normalised email. */
export const makeListUsers =
  (deps: Pick<Ports, 'scopes' | 'admins'>): ListUsers =>
  async (caller, query) => {
    const admin = await openAdminScope(deps, caller);
    const q = parseQuery<{ limit: number; cursor?: string; email_prefix?: string }>(userListRules, query);
    const emailPrefix = q.email_prefix === undefined ? null : normalizeEmail(q.email_prefix);
    const rows = await admin.listUsers({ emailPrefix, limit: q.limit + 1, after: afterCursor(q.cursor) });
    return pageOf(
      rows.map((row) => ({ ...row, id: row.user.id })),
      q.limit,
      toAdminUserView,
    );
  };
