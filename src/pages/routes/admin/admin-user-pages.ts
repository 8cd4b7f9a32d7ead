import { Router, type Request, type Response } from 'express';
import type { Principal } from '../../../core/domain/principal.js';
import type { Paged } from '../../../core/domain/page-cursor.js';
import type { Flash } from '../../flash.js';
import { fieldsOf, formBody } from '../../form-body.js';
import { formFailure } from '../../form-failure.js';
import { localeFor } from '../../page-locale.js';
import { seeOther, sendPage } from '../../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { userPath } from '../../views/admin/user-actions.js';
import { UserPage, type UserPageProps } from '../../views/admin/user-page.js';
import { UsersPage, type UsersPageProps } from '../../views/admin/users-page.js';
import { askFirst, confirmed } from '../ask-first.js';
import { ADMIN, PAGE_SIZE, adminFrame, notice, refusedQuery, text } from './admin-frame.js';

const USERS = `${ADMIN}/users`;
const EMPTY_PAGE: Paged<never> = { items: [], nextCursor: null };

/** The user list (search by email prefix, paged), each user's own page, and every action on a user. */
export const adminUserPages = (deps: PagesDeps): Router => {
  const { useCases, flash } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: USERS });

  const showList = async (req: Request, res: Response, failed?: UsersPageProps['failed'], status = 200) => {
    const { principal, frame, flash: taken } = adminFrame(deps, req, res);
    const search = text(req.query.email_prefix);
    let refusal = failed;
    // Admins only: a member's first call is refused here, before anything else is read.
    const users = await useCases.listUsers(principal, { email_prefix: search, cursor: text(req.query.cursor), limit: PAGE_SIZE }).catch((error: unknown) => {
      const state = refusedQuery(error, frame.locale, { email_prefix: search }, 'email_prefix');
      if (!state) throw error;
      refusal ??= { form: 'search', state };
      return EMPTY_PAGE;
    });
    const next = users.nextCursor ? new URLSearchParams({ ...(search && { email_prefix: search }), cursor: users.nextCursor }).toString() : null;
    sendPage(res, UsersPage({ frame, viewerId: principal.userId, users: users.items, search, nextUsers: next, flash: taken, failed: refusal }), {
      status: refusal && !failed ? 422 : status,
    });
  };

  const showUser = async (req: Request, res: Response, failed?: UserPageProps['failed'], status = 200) => {
    const { principal, frame, flash: taken } = adminFrame(deps, req, res);
    const target = { id: String(req.params.id) };
    const view = await useCases.getUser(principal, target.id);
    const [factors, sessions, groups, allGroups, events] = await Promise.all([
      useCases.getUserFactors(principal, target.id),
      useCases.listUserSessions(principal, target.id),
      useCases.listUserGroups(principal, target),
      useCases.listGroups(principal),
      useCases.listAllEvents(principal, { user_id: view.user.id, limit: 10 }),
    ]);
    sendPage(res, UserPage({ frame, viewerId: principal.userId, view, factors, sessions, groups, allGroups, events: events.items, flash: taken, failed }), { status });
  };

  router.get('/admin', page, (_req, res) => seeOther(res, USERS));
  router.get('/admin/users', page, async (req, res) => showList(req, res));
  router.get('/admin/users/:id', page, async (req, res) => showUser(req, res));

  /** A change to one user; it lands on that user's page (a deleted user's on the list), the result at its top. */
  const userAction = (path: string, run: (principal: Principal, target: { id: string }) => Promise<Flash>, ask?: 'admin.confirmDelete' | 'admin.confirmResetMfa') => {
    const act = async (req: Request, res: Response) => {
      const principal = pagePrincipal(res);
      const target = { id: String(req.params.id) };
      if (ask && !confirmed(req)) {
        const { user } = await useCases.getUser(principal, target.id);
        const { t } = localeFor(req);
        return askFirst(req, res, {
          question: t(ask, { email: user.email }),
          button: t(ask === 'admin.confirmDelete' ? 'admin.delete' : 'admin.resetMfa'),
          cancel: userPath(target.id),
        });
      }
      try {
        flash.set(res, principal.userId, await run(principal, target));
        seeOther(res, path === 'delete' ? `${USERS}#users` : `${userPath(target.id)}#details`);
      } catch (error) {
        // An admin acting on itself or on the last admin: said at the top of the user's page, nothing changed.
        const failure = formFailure(error, localeFor(req), {});
        if (!failure) throw error;
        await showUser(req, res, { form: 'user', state: failure.state }, failure.status);
      }
    };
    if (ask) router.get(`/admin/users/:id/${path}`, page, act);
    router.post(`/admin/users/:id/${path}`, page, formBody, act);
  };
  userAction('disable', async (principal, target) => (await useCases.disableUser(principal, target), notice('admin.done')));
  userAction('enable', async (principal, target) => (await useCases.enableUser(principal, target), notice('admin.done')));
  userAction('sign-out', async (principal, target) => (await useCases.revokeUserSessions(principal, target), notice('admin.done')));
  userAction('reset-mfa', async (principal, target) => (await useCases.resetUserMfa(principal, target), notice('admin.done')), 'admin.confirmResetMfa');
  userAction('delete', async (principal, target) => (await useCases.deleteUser(principal, target), notice('admin.userDeleted')), 'admin.confirmDelete');
  userAction('recovery', async (principal, target) => {
    const { code, expiresAt } = await useCases.issueAccountRecovery(principal, target);
    const { user } = await useCases.getUser(principal, target.id);
    return { kind: 'user_recovery', code, expiresAt: expiresAt.toISOString(), email: user.email };
  });

  router.post('/admin/users/:id/username', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const target = { id: String(req.params.id) };
    const entered = fieldsOf(req.body);
    const username = (entered.username ?? '').trim();
    try {
      await useCases.updateUser(principal, target, { username: username === '' ? null : username });
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${userPath(target.id)}#username`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await showUser(req, res, { form: 'username', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/users/:id/groups', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const target = { id: String(req.params.id) };
    try {
      await useCases.addGroupMember(principal, { id: fieldsOf(req.body).group_id ?? '' }, target);
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${userPath(target.id)}#groups`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), {});
      if (!failure) throw error;
      await showUser(req, res, { form: 'groups', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/users/:id/groups/:groupId/remove', page, async (req, res) => {
    const principal = pagePrincipal(res);
    const target = { id: String(req.params.id) };
    await useCases.removeGroupMember(principal, { id: String(req.params.groupId) }, target);
    flash.set(res, principal.userId, notice('admin.saved'));
    seeOther(res, `${userPath(target.id)}#groups`);
  });

  return router;
};
