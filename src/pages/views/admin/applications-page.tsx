import type { ForwardAuthRule } from '../../../core/domain/forward-auth-rule.js';
import type { GroupWithCount } from '../../../core/domain/group.js';
import type { OidcClientView } from '../../../core/use-cases/oidc/oidc-client-view.js';
import type { Flash } from '../../flash.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, Notice, ShownOnce, type FormState } from '../form-parts.js';
import { Check, GroupChoice, ID_TOKEN_ALG, IdTokenAlgChoice, clientPath, groupNames, rulePath } from './application-form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';

export interface ApplicationsPageProps {
  frame: AdminFrame;
  clients: OidcClientView[];
  rules: ForwardAuthRule[];
  groups: GroupWithCount[];
  flash: Flash | null;
  failed?: { form: 'client' | 'rule'; state: FormState };
}

export const ApplicationsPage = (props: ApplicationsPageProps) => {
  const { frame } = props;
  const locale = frame.locale;
  const { t } = locale;
  const clientState = props.failed?.form === 'client' ? props.failed.state : EMPTY_FORM;
  const ruleState = props.failed?.form === 'rule' ? props.failed.state : EMPTY_FORM;
  // A rule's result belongs at the top of the rules, below the clients, where the redirect lands.
  const aboutRules = props.flash?.kind === 'notice' && props.flash.key.startsWith('admin.rule');
  const chosen = (state: FormState): string[] => Object.keys(state.values).filter((name) => name.startsWith('group_')).map((name) => name.slice('group_'.length));
  return (
    <AdminLayout frame={frame} current="applications" placesNotice>
      <Section id="oidc-clients" title={t('admin.oidcClients')}>
        {frame.notice && !aboutRules && <Notice text={frame.notice} />}
        {props.flash?.kind === 'client_secret' && (
          <div class="once" role="status">
            <p>{t('admin.clientSecretShown', { id: props.flash.clientId })}</p>
            <ShownOnce id="client-secret" label={t('admin.clientSecret')} value={props.flash.secret} locale={locale} />
          </div>
        )}
        <ErrorSummary locale={locale} form="client" state={clientState} labels={{ name: t('admin.clientName'), redirect_uris: t('admin.redirectUris'), [ID_TOKEN_ALG]: t('admin.idTokenAlg') }} />
        {props.clients.length === 0 ? (
          <p>{t('admin.noClients')}</p>
        ) : (
          <ul class="rows">
            {props.clients.map((client) => (
              <li>
                <span>
                  <strong>{client.name}</strong> <code>{client.clientId}</code>
                  <br />
                  <span class="hint">
                    {`${client.type === 'public' ? t('admin.typePublic') : t('admin.typeConfidential')} · ${client.redirectUris.join(' ')} · ${groupNames(props.groups, client.allowedGroups, locale)}${client.requireMfa ? ` · ${t('admin.requireMfa')}` : ''} · ${client.idTokenAlgorithm}`}
                  </span>
                </span>
                <div class="buttons">
                  <a href={clientPath(client.clientId)}>{t('admin.editClient', { name: client.name })}</a>
                  <ActionButton action={`${clientPath(client.clientId)}/delete`} text={t('admin.deleteClient', { name: client.name })} danger />
                </div>
              </li>
            ))}
          </ul>
        )}
        <h3>{t('admin.newClient')}</h3>
        <form method="post" action="/gatehouse/admin/applications/clients" class="stack">
          <Field form="client" name="name" label={t('admin.clientName')} autocomplete="off" state={clientState} />
          <Field form="client" name="redirect_uris" label={t('admin.redirectUris')} hint={t('admin.redirectUrisHint')} autocomplete="off" state={clientState} />
          <div class="field">
            <label for="client-type">{t('admin.clientType')}</label>
            <select id="client-type" name="type">
              <option value="confidential" selected={clientState.values.type !== 'public'}>
                {t('admin.typeConfidential')}
              </option>
              <option value="public" selected={clientState.values.type === 'public'}>
                {t('admin.typePublic')}
              </option>
            </select>
          </div>
          <Check form="client" name="skip_consent" label={t('admin.skipConsent')} checked={clientState.values.skip_consent === 'yes'} />
          <Check form="client" name="require_mfa" label={t('admin.requireMfa')} checked={clientState.values.require_mfa === 'yes'} />
          <IdTokenAlgChoice form="client" locale={locale} state={clientState} />
          {props.groups.length > 0 && <GroupChoice form="client" locale={locale} groups={props.groups} chosen={chosen(clientState)} />}
          <button type="submit">{t('admin.createClient')}</button>
        </form>
      </Section>
      <Section id="forward-auth" title={t('admin.forwardAuthRules')}>
        {frame.notice && aboutRules && <Notice text={frame.notice} />}
        <ErrorSummary locale={locale} form="rule" state={ruleState} labels={{ host: t('admin.host'), path_prefix: t('admin.pathPrefix') }} />
        {props.rules.length === 0 ? (
          <p>{t('admin.noRules')}</p>
        ) : (
          <ul class="rows">
            {props.rules.map((rule) => (
              <li>
                <span>
                  <code>{`${rule.host}${rule.pathPrefix}`}</code>
                  <br />
                  <span class="hint">{`${groupNames(props.groups, rule.allowedGroups, locale)}${rule.requireMfa ? ` · ${t('admin.requireMfa')}` : ''}`}</span>
                </span>
                <div class="buttons">
                  <a href={rulePath(rule.id)}>{t('admin.editRule', { rule: `${rule.host}${rule.pathPrefix}` })}</a>
                  <ActionButton action={`${rulePath(rule.id)}/delete`} text={t('admin.deleteRule', { rule: `${rule.host}${rule.pathPrefix}` })} danger />
                </div>
              </li>
            ))}
          </ul>
        )}
        <h3>{t('admin.newRule')}</h3>
        <form method="post" action="/gatehouse/admin/applications/rules" class="stack">
          <Field form="rule" name="host" label={t('admin.host')} autocomplete="off" state={ruleState} />
          <Field form="rule" name="path_prefix" label={t('admin.pathPrefix')} required={false} autocomplete="off" initial="/" state={ruleState} />
          <Check form="rule" name="require_mfa" label={t('admin.requireMfa')} checked={ruleState.values.require_mfa === 'yes'} />
          {props.groups.length > 0 && <GroupChoice form="rule" locale={locale} groups={props.groups} chosen={chosen(ruleState)} />}
          <button type="submit">{t('admin.createRule')}</button>
        </form>
      </Section>
    </AdminLayout>
  );
};
