import { Router, type Request, type Response } from 'express';
import { fieldsOf, formBody } from '../../form-body.js';
import { formFailure } from '../../form-failure.js';
import { localeFor } from '../../page-locale.js';
import { seeOther, sendPage } from '../../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { InvitesPage } from '../../views/admin/invites-page.js';
import type { FormState } from '../../views/form-parts.js';
import { ADMIN, adminFrame, notice } from './admin-frame.js';

const INVITES = `${ADMIN}/invites`;

/** Invites: create (the link shown once, at the top of the section), list, revoke. */
export const adminInvitePages = (deps: PagesDeps): Router => {
  const { useCases, flash, config } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: INVITES });

  const show = async (req: Request, res: Response, failed?: FormState, status = 200) => {
    const { principal, frame, flash: taken } = adminFrame(deps, req, res);
    const invites = await useCases.listAllInvites(principal);
    sendPage(res, InvitesPage({ frame, invites, flash: taken, failed }), { status });
  };

  router.get('/admin/invites', page, async (req, res) => show(req, res));

  router.post('/admin/invites', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    const count = (value: string | undefined): number | string => (value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : (value ?? ''));
    try {
      const { code } = await useCases.createInvite(principal, { max_uses: count(entered.max_uses), expires_in_days: count(entered.expires_in_days) });
      flash.set(res, principal.userId, { kind: 'invite', link: `${config.publicOrigin}/gatehouse/register?invite=${encodeURIComponent(code)}` });
      seeOther(res, `${INVITES}#invites`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await show(req, res, failure.state, failure.status);
    }
  });

  router.post('/admin/invites/:id/revoke', page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeInvite(principal, String(req.params.id));
    flash.set(res, principal.userId, notice('admin.done'));
    seeOther(res, `${INVITES}#invites`);
  });

  return router;
};
