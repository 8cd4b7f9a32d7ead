import { Router, type Request, type Response } from 'express';
import { fieldsOf, formBody, type FormFields } from '../../form-body.js';
import { formFailure } from '../../form-failure.js';
import { localeFor } from '../../page-locale.js';
import { seeOther, sendPage } from '../../../web/page-sender.js';
import { pagePrincipal, signedInPage } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { ClientEditPage, RuleEditPage, clientFormState, ruleFormState } from '../../views/admin/application-edit-pages.js';
import { APPLICATIONS, clientPath, rulePath } from '../../views/admin/application-form-parts.js';
import { ApplicationsPage, type ApplicationsPageProps } from '../../views/admin/applications-page.js';
import type { FormState } from '../../views/form-parts.js';
import { askFirst, confirmed } from '../ask-first.js';
import { adminFrame, notice } from './admin-frame.js';

/** The checked groups (one checkbox per group, `group_<id>`: a form field never repeats a name). */
const allowedGroups = (fields: FormFields): string[] =>
  Object.keys(fields)
    .filter((name) => name.startsWith('group_'))
    .map((name) => name.slice('group_'.length));

const uris = (value: string | undefined): string[] => (value ?? '').split(/[\s,]+/).filter(Boolean);

/** A client's fields as the create and edit forms send them (the type only on create: a client keeps it). */
const clientFields = (entered: FormFields, groupsShown: boolean) => ({
  name: entered.name ?? '',
  redirect_uris: uris(entered.redirect_uris),
  skip_consent: entered.skip_consent === 'yes',
  require_mfa: entered.require_mfa === 'yes',
  // Without groups the form shows no choice, so it says nothing about them.
  ...(groupsShown && { allowed_groups: allowedGroups(entered) }),
});

const ruleFields = (entered: FormFields, groupsShown: boolean) => ({
  host: entered.host ?? '',
  path_prefix: entered.path_prefix === undefined || entered.path_prefix === '' ? '/' : entered.path_prefix,
  require_mfa: entered.require_mfa === 'yes',
  ...(groupsShown && { allowed_groups: allowedGroups(entered) }),
});

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

  // Edit pages: the create forms' fields and words, filled in; a change lands back on its page with
  // "Saved." at the top, a refused one is shown again with what was entered and nothing written.
  const showClient = async (req: Request, res: Response, state?: FormState, status = 200) => {
    const { principal, frame } = adminFrame(deps, req, res);
    const [client, groups] = await Promise.all([useCases.getOidcClient(principal, String(req.params.clientId)), useCases.listGroups(principal)]);
    sendPage(res, ClientEditPage({ frame, client, groups, state: state ?? clientFormState(client) }), { status });
  };
  router.get('/admin/applications/clients/:clientId', page, async (req, res) => showClient(req, res));
  router.post('/admin/applications/clients/:clientId', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const clientId = String(req.params.clientId);
    const entered = fieldsOf(req.body);
    try {
      const groups = await useCases.listGroups(principal);
      await useCases.updateOidcClient(principal, clientId, clientFields(entered, groups.length > 0));
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${clientPath(clientId)}#client`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await showClient(req, res, failure.state, failure.status);
    }
  });

  const showRule = async (req: Request, res: Response, state?: FormState, status = 200) => {
    const { principal, frame } = adminFrame(deps, req, res);
    const [rule, groups] = await Promise.all([useCases.getForwardAuthRule(principal, String(req.params.id)), useCases.listGroups(principal)]);
    sendPage(res, RuleEditPage({ frame, rule, groups, state: state ?? ruleFormState(rule) }), { status });
  };
  router.get('/admin/applications/rules/:id', page, async (req, res) => showRule(req, res));
  router.post('/admin/applications/rules/:id', page, formBody, async (req, res) => {
    const principal = pagePrincipal(res);
    const ruleId = String(req.params.id);
    const entered = fieldsOf(req.body);
    try {
      const groups = await useCases.listGroups(principal);
      await useCases.updateForwardAuthRule(principal, ruleId, ruleFields(entered, groups.length > 0));
      flash.set(res, principal.userId, notice('admin.saved'));
      seeOther(res, `${rulePath(ruleId)}#rule`);
    } catch (error) {
      const failure = formFailure(error, localeFor(req), entered);
      if (!failure) throw error;
      await showRule(req, res, failure.state, failure.status);
    }
  });

  return router;
};
