import { Router, type Request, type Response } from 'express';
import { isDomainError } from '../../core/domain/errors.js';
import type { Paged } from '../../core/domain/page-cursor.js';
import type { Principal } from '../../core/domain/principal.js';
import type { Flash } from '../flash.js';
import { fieldsOf, formBody } from '../form-body.js';
import { formFailure } from '../form-failure.js';
import { en, type MessageKey } from '../i18n/messages-en.js';
import type { Locale } from '../i18n/catalogue.js';
import { localeFor, viewerOf } from '../page-locale.js';
import { seeOther, sendPage } from '../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../page-session.js';
import type { PagesDeps } from '../pages-deps.js';
import { AdminPage, type AdminPageProps } from '../views/admin-page.js';
import type { FormState } from '../views/form-parts.js';

const ADMIN = '/gatehouse/admin';
const PAGE_SIZE = 20;

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 254) : '');

/** A query the use case refused, as the filter form shows it: the problem beside its field, the value kept. */
const refusedQuery = (error: unknown, locale: Locale, entered: Record<string, string>): FormState | null => {
  if (!isDomainError(error) || error.code !== 'validation_failed') return null;
  const problems: Record<string, string> = {};
  for (const problem of error.problems) problems[problem.loc[problem.loc[0] === 'query' ? 1 : 0] ?? ''] = locale.t('problem.invalid');
  return { values: entered, problems, general: [] };
};

const EMPTY_PAGE: Paged<never> = { items: [], nextCursor: null };

/**
 * The admin console: users (search by email prefix, paged) and every action on them, invites
 * (the link shown once), events with filters. The use cases decide who is an admin (a member
 * gets the 403 page) and which changes need a recent proof (a detour through the confirm page).
 */
export const adminPages = (deps: PagesDeps): Router => {
  const { useCases, flash, config } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: ADMIN });
  const notice = (key: MessageKey): Flash => ({ kind: 'notice', key });

  const show = async (req: Request, res: Response, failed?: AdminPageProps['failed'], status = 200) => {
    const principal = pagePrincipal(res);
    const locale = localeFor(req);
    const search = text(req.query.email_prefix);
    const eventFilter = { userId: text(req.query.user_id), type: text(req.query.type) };
    let refusal = failed;
    // Admins only: a member's first call is refused here, before anything else is read.
    const users = await useCases.listUsers(principal, { email_prefix: search, cursor: text(req.query.cursor), limit: PAGE_SIZE }).catch((error: unknown) => {
      const state = refusedQuery(error, locale, { email_prefix: search });
      if (!state) throw error;
      refusal ??= { form: 'search', state };
      return EMPTY_PAGE;
    });
    const invites = await useCases.listAllInvites(principal);
    const events = await useCases
      .listAllEvents(principal, { user_id: eventFilter.userId, type: eventFilter.type, cursor: text(req.query.events_cursor), limit: PAGE_SIZE })
      .catch((error: unknown) => {
        const state = refusedQuery(error, locale, { user_id: eventFilter.userId });
        if (!state) throw error;
        refusal ??= { form: 'events', state };
        return EMPTY_PAGE;
      });
    const taken = flash.take(req, res, principal.userId);
    const query = (params: Record<string, string>): string => new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
    sendPage(
      res,
      AdminPage({
        locale,
        viewer: viewerOf(res) ?? { email: principal.user.email, admin: true },
        users: users.items,
        search,
        nextUsers: users.nextCursor ? query({ email_prefix: search, cursor: users.nextCursor }) : null,
        invites,
        events: events.items,
        eventFilter,
        nextEvents: events.nextCursor ? query({ user_id: eventFilter.userId, type: eventFilter.type, events_cursor: events.nextCursor }) : null,
        flash: taken,
        notice: taken?.kind === 'notice' && Object.hasOwn(en, taken.key) ? locale.t(taken.key as MessageKey) : null,
        failed: refusal,
      }),
      { status: refusal && !failed ? 422 : status },
    );
  };

  router.get('/admin', page, async (req, res) => {
    await show(req, res);
  });

  const userAction = (path: string, run: (principal: Principal, target: { id: string }) => Promise<Flash>) => {
    router.post(`/admin/users/:id/${path}`, page, async (req, res) => {
      const principal = pagePrincipal(res);
      try {
        flash.set(res, principal.userId, await run(principal, { id: String(req.params.id) }));
        seeOther(res, ADMIN);
      } catch (error) {
        // An admin acting on itself or on the last admin: said above the users, nothing changed.
        const failure = formFailure(error, localeFor(req), {});
        if (!failure) throw error;
        await show(req, res, { form: 'users', state: failure.state }, failure.status);
      }
    });
  };
  userAction('disable', async (principal, target) => (await useCases.disableUser(principal, target), notice('admin.done')));
  userAction('enable', async (principal, target) => (await useCases.enableUser(principal, target), notice('admin.done')));
  userAction('sign-out', async (principal, target) => (await useCases.revokeUserSessions(principal, target), notice('admin.done')));
  userAction('reset-mfa', async (principal, target) => (await useCases.resetUserMfa(principal, target), notice('admin.done')));
  userAction('delete', async (principal, target) => (await useCases.deleteUser(principal, target), notice('admin.done')));
  userAction('recovery', async (principal, target) => {
    const { code, expiresAt } = await useCases.issueAccountRecovery(principal, target);
    return { kind: 'user_recovery', code, expiresAt: expiresAt.toISOString() };
  });

  router.post('/admin/invites', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    const count = (value: string | undefined): number | string => (value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : (value ?? ''));
    try {
      const { code } = await useCases.createInvite(principal, { max_uses: count(entered.max_uses), expires_in_days: count(entered.expires_in_days) });
      flash.set(res, principal.userId, { kind: 'invite', link: `${config.publicOrigin}/gatehouse/register?invite=${encodeURIComponent(code)}` });
      seeOther(res, `${ADMIN}#invites`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await show(req, res, { form: 'invite', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/invites/:id/revoke', page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeInvite(principal, String(req.params.id));
    flash.set(res, principal.userId, notice('admin.done'));
    seeOther(res, `${ADMIN}#invites`);
  });

  return router;
};
