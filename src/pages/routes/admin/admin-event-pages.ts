import { Router } from 'express';
import type { Principal } from '../../../core/domain/principal.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { sendPage } from '../../../web/page-sender.js';
import { signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { EventsPage } from '../../views/admin/events-page.js';
import type { FormState } from '../../views/form-parts.js';
import { ADMIN, PAGE_SIZE, adminFrame, refusedQuery, text } from './admin-frame.js';

/** The user an email names exactly (the search is by prefix), or null. */
const userByEmail = async (useCases: UseCases, principal: Principal, email: string): Promise<string | null> => {
  const { items } = await useCases.listUsers(principal, { email_prefix: email, limit: PAGE_SIZE });
  return items.find(({ user }) => user.email.toLowerCase() === email.toLowerCase())?.user.id ?? null;
};

/** Every user's events, filtered by a user's email and a type; users shown by email. */
export const adminEventPages = (deps: PagesDeps): Router => {
  const { useCases } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: `${ADMIN}/events` });

  router.get('/admin/events', page, async (req, res) => {
    const { principal, frame } = adminFrame(deps, req, res);
    const filter = { email: text(req.query.email).trim(), type: text(req.query.type) };
    let failed: FormState | undefined;
    const userId = filter.email === '' ? '' : await userByEmail(useCases, principal, filter.email).catch(() => null);
    const found =
      userId === null
        ? { items: [], nextCursor: null }
        : await useCases.listAllEvents(principal, { user_id: userId, type: filter.type, cursor: text(req.query.cursor), limit: PAGE_SIZE }).catch((error: unknown) => {
            failed = refusedQuery(error, frame.locale, { email: filter.email }, 'type') ?? undefined;
            if (!failed) throw error;
            return { items: [], nextCursor: null };
          });
    // Users by email: one read of the users the page names (the list use case is the admin's own).
    const emails = new Map<string, string>();
    for (const id of new Set(found.items.map((event) => event.userId))) {
      const view = await useCases.getUser(principal, id).catch(() => null);
      if (view) emails.set(id, view.user.email);
    }
    const next = found.nextCursor
      ? new URLSearchParams(Object.entries({ ...filter, cursor: found.nextCursor }).filter(([, value]) => value !== '')).toString()
      : null;
    sendPage(res, EventsPage({ frame, events: found.items, emails, filter, nextEvents: next, failed }), { status: failed ? 422 : 200 });
  });

  return router;
};
