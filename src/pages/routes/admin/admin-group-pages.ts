import { Router, type Request, type Response } from 'express';
import { fieldsOf, formBody } from '../../form-body.js';
import { formFailure } from '../../form-failure.js';
import { localeFor } from '../../page-locale.js';
import { seeOther, sendPage } from '../../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { GroupPage, GroupsPage, groupPath, type GroupPageProps } from '../../views/admin/groups-page.js';
import type { FormState } from '../../views/form-parts.js';
import { askFirst, confirmed } from '../ask-first.js';
import { ADMIN, adminFrame, notice } from './admin-frame.js';

const GROUPS = `${ADMIN}/groups`;
const described = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value);

/** Groups: list and create; each group's page renames it, changes its members, deletes it after asking. */
export const adminGroupPages = (deps: PagesDeps): Router => {
  const { useCases, flash } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: GROUPS });

  const showList = async (req: Request, res: Response, failed?: FormState, status = 200) => {
    const { principal, frame } = adminFrame(deps, req, res);
    sendPage(res, GroupsPage({ frame, groups: await useCases.listGroups(principal), failed }), { status });
  };
  const showGroup = async (req: Request, res: Response, failed?: GroupPageProps['failed'], status = 200) => {
    const { principal, frame } = adminFrame(deps, req, res);
    const selector = { id: String(req.params.id) };
    const group = await useCases.getGroup(principal, selector);
    const members = await useCases.listGroupMembers(principal, selector, { limit: 100 });
    sendPage(res, GroupPage({ frame, group, members: members.items, failed }), { status });
  };
  const refused = (error: unknown, req: Request, entered: Record<string, string>) => {
    const failure = formFailure(error, localeFor(req), entered);
    if (!failure) throw error;
    return failure;
  };

  router.get('/admin/groups', page, async (req, res) => showList(req, res));
  router.get('/admin/groups/:id', page, async (req, res) => showGroup(req, res));

  router.post('/admin/groups', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      const group = await useCases.createGroup(principal, { name: entered.name ?? '', description: described(entered.description) });
      flash.set(res, principal.userId, notice('admin.groupCreated'));
      seeOther(res, groupPath(group.id));
    } catch (error) {
      const failure = refused(error, req, entered);
      await showList(req, res, failure.state, failure.status);
    }
  });

  router.post('/admin/groups/:id', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      await useCases.updateGroup(principal, { id: String(req.params.id) }, { name: entered.name ?? '', description: described(entered.description) });
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${groupPath(String(req.params.id))}#group`);
    } catch (error) {
      const failure = refused(error, req, entered);
      await showGroup(req, res, { form: 'rename', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/groups/:id/members', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      await useCases.addGroupMember(principal, { id: String(req.params.id) }, { email: entered.email ?? '' });
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${groupPath(String(req.params.id))}#members`);
    } catch (error) {
      const failure = refused(error, req, entered);
      await showGroup(req, res, { form: 'members', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/groups/:id/members/:userId/remove', page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.removeGroupMember(principal, { id: String(req.params.id) }, { id: String(req.params.userId) });
    flash.set(res, principal.userId, notice('admin.saved'));
    seeOther(res, `${groupPath(String(req.params.id))}#members`);
  });

  const remove = async (req: Request, res: Response) => {
    const principal = pagePrincipal(res);
    const selector = { id: String(req.params.id) };
    if (!confirmed(req)) {
      const group = await useCases.getGroup(principal, selector);
      const { t } = localeFor(req);
      return askFirst(req, res, { question: t('admin.confirmDeleteThing', { name: group.name }), button: t('admin.deleteGroup'), cancel: groupPath(group.id) });
    }
    await useCases.deleteGroup(principal, selector);
    flash.set(res, principal.userId, notice('admin.groupDeleted'));
    seeOther(res, `${GROUPS}#groups`);
  };
  router.get('/admin/groups/:id/delete', page, remove);
  router.post('/admin/groups/:id/delete', page, formBody, remove);

  return router;
};
