import { Router, type Request, type Response } from 'express';
import type { VNode } from 'preact';
import type { GroupWithCount } from '../../../core/domain/group.js';
import type { Principal } from '../../../core/domain/principal.js';
import { fieldsOf, formBody, type FormFields } from '../../form-body.js';
import { formFailure } from '../../form-failure.js';
import { localeFor } from '../../page-locale.js';
import { seeOther, sendPage } from '../../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { ClientEditPage, RuleEditPage, clientFormState, ruleFormState } from '../../views/admin/application-edit-pages.js';
import type { AdminFrame } from '../../views/admin/admin-layout.js';
import { APPLICATIONS, ID_TOKEN_ALG, checkedGroups, clientPath, rulePath } from '../../views/admin/application-form-parts.js';
import { ApplicationsPage, type ApplicationsPageProps } from '../../views/admin/applications-page.js';
import type { FormState } from '../../views/form-parts.js';
import { askFirst, confirmed } from '../ask-first.js';
import { adminFrame, notice } from './admin-frame.js';

const uris = (value: string | undefined): string[] => (value ?? '').split(/[\s,]+/).filter(Boolean);

/** A client's fields as the create and edit forms send them (the type only on create: a client keeps it). */
const clientFields = (entered: FormFields, groupsShown: boolean) => ({
  name: entered.name ?? '',
  redirect_uris: uris(entered.redirect_uris),
  skip_consent: entered.skip_consent === 'yes',
  require_mfa: entered.require_mfa === 'yes',
  ...(entered[ID_TOKEN_ALG] !== undefined && { [ID_TOKEN_ALG]: entered[ID_TOKEN_ALG] }),
  // Without groups the form shows no choice, so it says nothing about them.
  ...(groupsShown && { allowed_groups: checkedGroups(entered) }),
});

const ruleFields = (entered: FormFields, groupsShown: boolean) => ({
  host: entered.host ?? '',
  path_prefix: entered.path_prefix === undefined || entered.path_prefix === '' ? '/' : entered.path_prefix,
  require_mfa: entered.require_mfa === 'yes',
  ...(groupsShown && { allowed_groups: checkedGroups(entered) }),
});

/** What an edit page needs of its thing: how it is read, drawn, filled in, saved, and where a change lands. */
interface EditPage<T> {
  load: (principal: Principal, id: string) => Promise<T>;
  draw: (props: { frame: AdminFrame; item: T; groups: GroupWithCount[]; state: FormState }) => VNode;
  stateOf: (item: T) => FormState;
  save: (principal: Principal, id: string, entered: FormFields, groupsShown: boolean) => Promise<void>;
  landing: (id: string) => string;
}

/** OpenID clients and forward-auth rules: create, list, delete after asking; a client's secret shown once. */
export const adminApplicationPages = (deps: PagesDeps): Router => {
  const { useCases, flash } = deps;
  const router = Router();
  const page = signedInPage(deps, { page: APPLICATIONS });

  const show = async (req: Request, res: Response, failed?: ApplicationsPageProps['failed'], status = 200) => {
    const { principal, frame, flash: taken } = adminFrame(deps, req, res);
    const [clients, rules, groups] = await Promise.all([useCases.listOidcClients(principal), useCases.listForwardAuthRules(principal), useCases.listGroups(principal)]);
    sendPage(res, ApplicationsPage({ frame, clients, rules, groups, flash: taken, failed }), { status });
  };

  router.get('/admin/applications', page, async (req, res) => show(req, res));

  router.post('/admin/applications/clients', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      // One call, so a refused group leaves no client behind (nothing is written on a refusal).
      const { client, secret } = await useCases.createOidcClient(principal, { ...clientFields(entered, true), type: entered.type === 'public' ? 'public' : 'confidential' });
      flash.set(res, principal.userId, secret ? { kind: 'client_secret', clientId: client.clientId, secret } : notice('admin.saved'));
      seeOther(res, `${APPLICATIONS}#oidc-clients`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await show(req, res, { form: 'client', state: failure.state }, failure.status);
    }
  });

  router.post('/admin/applications/rules', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const entered = fieldsOf(req.body);
    try {
      await useCases.createForwardAuthRule(principal, ruleFields(entered, true));
      flash.set(res, principal.userId, notice('admin.ruleCreated'));
      seeOther(res, `${APPLICATIONS}#forward-auth`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await show(req, res, { form: 'rule', state: failure.state }, failure.status);
    }
  });

  const deleteClient = async (req: Request, res: Response) => {
    const principal = pagePrincipal(res);
    const clientId = String(req.params.clientId);
    if (!confirmed(req)) {
      const client = await useCases.getOidcClient(principal, clientId);
      const { t } = localeFor(req);
      return askFirst(req, res, { question: t('admin.confirmDeleteThing', { name: client.name }), button: t('admin.delete'), cancel: `${APPLICATIONS}#oidc-clients` });
    }
    await useCases.deleteOidcClient(principal, clientId);
    flash.set(res, principal.userId, notice('admin.clientDeleted'));
    seeOther(res, `${APPLICATIONS}#oidc-clients`);
  };
  router.get('/admin/applications/clients/:clientId/delete', page, deleteClient);
  router.post('/admin/applications/clients/:clientId/delete', page, formBody, deleteClient);

  const deleteRule = async (req: Request, res: Response) => {
    const principal = pagePrincipal(res);
    const ruleId = String(req.params.id);
    if (!confirmed(req)) {
      const rule = await useCases.getForwardAuthRule(principal, ruleId);
      const { t } = localeFor(req);
      return askFirst(req, res, { question: t('admin.confirmDeleteThing', { name: `${rule.host}${rule.pathPrefix}` }), button: t('admin.delete'), cancel: `${APPLICATIONS}#forward-auth` });
    }
    await useCases.deleteForwardAuthRule(principal, ruleId);
    flash.set(res, principal.userId, notice('admin.ruleDeleted'));
    seeOther(res, `${APPLICATIONS}#forward-auth`);
  };
  router.get('/admin/applications/rules/:id/delete', page, deleteRule);
  router.post('/admin/applications/rules/:id/delete', page, formBody, deleteRule);

  /**
   * An edit page and its form: the create form's fields and words, filled in. A change lands back on
   * the page with "Saved." at the top; a refused one is shown again with what was entered, nothing written.
   */
  const editPage = <T>(path: string, edit: EditPage<T>) => {
    const show = async (req: Request, res: Response, state?: FormState, status = 200) => {
      const { principal, frame } = adminFrame(deps, req, res);
      const [item, groups] = await Promise.all([edit.load(principal, String(req.params.id)), useCases.listGroups(principal)]);
      sendPage(res, edit.draw({ frame, item, groups, state: state ?? edit.stateOf(item) }), { status });
    };
    router.get(path, page, async (req, res) => show(req, res));
    router.post(path, page, formBody, async (req, res) => {
      const principal = pagePrincipal(res);
      const id = String(req.params.id);
      const entered = fieldsOf(req.body);
      try {
        await edit.save(principal, id, entered, (await useCases.listGroups(principal)).length > 0);
        flash.set(res, principal.userId, notice('admin.saved'));
        seeOther(res, edit.landing(id));
      } catch (error) {
        const failure = formFailure(error, localeFor(req), entered);
        if (!failure) throw error;
        await show(req, res, failure.state, failure.status);
      }
    });
  };
  editPage('/admin/applications/clients/:id', {
    load: useCases.getOidcClient,
    draw: ({ item, ...rest }) => ClientEditPage({ client: item, ...rest }),
    stateOf: clientFormState,
    save: async (principal, id, entered, groupsShown) => void (await useCases.updateOidcClient(principal, id, clientFields(entered, groupsShown))),
    landing: (id) => `${clientPath(id)}#client`,
  });
  editPage('/admin/applications/rules/:id', {
    load: useCases.getForwardAuthRule,
    draw: ({ item, ...rest }) => RuleEditPage({ rule: item, ...rest }),
    stateOf: ruleFormState,
    save: async (principal, id, entered, groupsShown) => void (await useCases.updateForwardAuthRule(principal, id, ruleFields(entered, groupsShown))),
    landing: (id) => `${rulePath(id)}#rule`,
  });

  return router;
};
