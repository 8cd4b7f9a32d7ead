import type { ForwardAuthRule } from '../../../core/domain/forward-auth-rule.js';
import type { GroupWithCount } from '../../../core/domain/group.js';
import type { OidcClientView } from '../../../core/use-cases/oidc/oidc-client-view.js';
import { ErrorSummary, Field, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { APPLICATIONS, Check, GroupChoice, ID_TOKEN_ALG, IdTokenAlgChoice, checkedGroups, clientPath, rulePath } from './application-form-parts.js';

const groupFields = (ids: string[]): Record<string, string> => Object.fromEntries(ids.map((id) => [`group_${id}`, 'yes']));

/** A client as its edit form shows it before any change: the same field names as the create form. */
export const clientFormState = (client: OidcClientView): FormState => ({
  values: {
    name: client.name,
    redirect_uris: client.redirectUris.join(' '),
    ...(client.skipConsent && { skip_consent: 'yes' }),
    ...(client.requireMfa && { require_mfa: 'yes' }),
    [ID_TOKEN_ALG]: client.idTokenAlgorithm,
    ...groupFields(client.allowedGroups),
  },
  problems: {},
  general: [],
});

export const ruleFormState = (rule: ForwardAuthRule): FormState => ({
  values: { host: rule.host, path_prefix: rule.pathPrefix, ...(rule.requireMfa && { require_mfa: 'yes' }), ...groupFields(rule.allowedGroups) },
  problems: {},
  general: [],
});

export interface ClientEditPageProps {
  frame: AdminFrame;
  client: OidcClientView;
  groups: GroupWithCount[];
  /** The client as stored, or what was entered when the change was refused. */
  state: FormState;
}

/**
 * One OpenID client's edit form: name, redirect URIs, consent, second factor, ID token signature, allowed groups — the
 * fields of the create form but the type, which a client keeps (a public one has no secret to gain).
 */
export const ClientEditPage = ({ frame, client, groups, state }: ClientEditPageProps) => {
  const locale = frame.locale;
  const { t } = locale;
  return (
    <AdminLayout frame={frame} current="applications" title={t('admin.editClientTitle')}>
      <Section id="client" title={client.name}>
        <ErrorSummary locale={locale} form="client" state={state} labels={{ name: t('admin.clientName'), redirect_uris: t('admin.redirectUris'), [ID_TOKEN_ALG]: t('admin.idTokenAlg') }} />
        <dl class="details">
          <dt>{t('admin.clientId')}</dt>
          <dd>
            <code>{client.clientId}</code>
          </dd>
          <dt>{t('admin.clientType')}</dt>
          <dd>{client.type === 'public' ? t('admin.typePublic') : t('admin.typeConfidential')}</dd>
        </dl>
        <form method="post" action={clientPath(client.clientId)} class="stack">
          <Field form="client" name="name" label={t('admin.clientName')} autocomplete="off" state={state} />
          <Field form="client" name="redirect_uris" label={t('admin.redirectUris')} hint={t('admin.redirectUrisHint')} autocomplete="off" state={state} />
          <Check form="client" name="skip_consent" label={t('admin.skipConsent')} checked={state.values.skip_consent === 'yes'} />
          <Check form="client" name="require_mfa" label={t('admin.requireMfa')} checked={state.values.require_mfa === 'yes'} />
          <IdTokenAlgChoice form="client" locale={locale} state={state} />
          {groups.length > 0 && <GroupChoice form="client" locale={locale} groups={groups} chosen={checkedGroups(state.values)} />}
          <div class="buttons">
            <button type="submit">{t('admin.saveChanges')}</button>
            <a href={`${APPLICATIONS}#oidc-clients`}>{t('admin.backToApplications')}</a>
          </div>
        </form>
      </Section>
    </AdminLayout>
  );
};

export interface RuleEditPageProps {
  frame: AdminFrame;
  rule: ForwardAuthRule;
  groups: GroupWithCount[];
  state: FormState;
}

/** One forward-auth rule's edit form: the fields of the create form. */
export const RuleEditPage = ({ frame, rule, groups, state }: RuleEditPageProps) => {
  const locale = frame.locale;
  const { t } = locale;
  return (
    <AdminLayout frame={frame} current="applications" title={t('admin.editRuleTitle')}>
      <Section id="rule" title={`${rule.host}${rule.pathPrefix}`}>
        <ErrorSummary locale={locale} form="rule" state={state} labels={{ host: t('admin.host'), path_prefix: t('admin.pathPrefix') }} />
        <form method="post" action={rulePath(rule.id)} class="stack">
          <Field form="rule" name="host" label={t('admin.host')} autocomplete="off" state={state} />
          <Field form="rule" name="path_prefix" label={t('admin.pathPrefix')} required={false} autocomplete="off" state={state} />
          <Check form="rule" name="require_mfa" label={t('admin.requireMfa')} checked={state.values.require_mfa === 'yes'} />
          {groups.length > 0 && <GroupChoice form="rule" locale={locale} groups={groups} chosen={checkedGroups(state.values)} />}
          <div class="buttons">
            <button type="submit">{t('admin.saveChanges')}</button>
            <a href={`${APPLICATIONS}#forward-auth`}>{t('admin.backToApplications')}</a>
          </div>
        </form>
      </Section>
    </AdminLayout>
  );
};
