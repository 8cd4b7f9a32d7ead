import type { TrailEventType } from '../../../core/domain/security-event.js';
import type { ApiTokenView, EventView, SessionView } from '../../../core/use-cases/views.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import { AgentName } from '../agent-name.js';
import { ActionButton, ErrorSummary, Field, Notice, ShownOnce } from '../form-parts.js';
import { LocalTime } from '../local-time.js';
import { Section } from '../section.js';
import { AccountFrame, stateOf, type AccountFrameProps } from './account-frame.js';

/** An application the user signed in to with Gatehouse (OpenID Connect). */
export interface ConnectedApp {
  clientId: string;
  name: string;
}

export const AccountSessionsPage = (props: AccountFrameProps & { sessions: SessionView[] }) => {
  const { t, lang } = props.locale;
  return (
    <AccountFrame props={props} current="sessions">
      <Section id="sessions" title={t('account.sessions')}>
        {props.notice && <Notice text={props.notice.text} />}
        <ul class="rows">
          {props.sessions.map((session) => (
            <li>
              <span>
                <AgentName locale={props.locale} userAgent={session.userAgent} />
                {session.current && <strong> ({t('account.thisSession')})</strong>}
                <span class="hint">
                  {' '}
                  {t('account.started')} <LocalTime lang={lang} date={session.createdAt} />, {t('account.lastSeen')} <LocalTime lang={lang} date={session.lastSeenAt} />
                </span>
              </span>
              <ActionButton action={`/gatehouse/account/sessions/${encodeURIComponent(session.id)}/revoke`} text={t('account.revoke')} />
            </li>
          ))}
        </ul>
        <ActionButton action="/gatehouse/account/sessions/revoke-others" text={t('account.revokeOthers')} />
      </Section>
    </AccountFrame>
  );
};

export const AccountTokensPage = (props: AccountFrameProps & { tokens: ApiTokenView[]; newToken: string | null }) => {
  const { t, lang } = props.locale;
  const state = stateOf(props, 'token');
  const labels = { name: t('field.tokenName'), expires_in_days: t('field.tokenDays') };
  return (
    <AccountFrame props={props} current="tokens">
      <Section id="api-tokens" title={t('account.apiTokens')}>
        {props.notice && <Notice text={props.notice.text} />}
        {props.newToken !== null && (
          <div class="once" role="status">
            <p>{t('account.tokenShownOnce')}</p>
            <ShownOnce id="new-token" label={t('field.newToken')} value={props.newToken} locale={props.locale} />
          </div>
        )}
        <ErrorSummary locale={props.locale} form="token" state={state} labels={labels} />
        {props.tokens.length === 0 ? (
          <p>{t('account.noTokens')}</p>
        ) : (
          <ul class="rows">
            {props.tokens.map((token) => (
              <li>
                <span>
                  {token.name}{' '}
                  <span class="hint">
                    {token.expiresAt ? (
                      <>
                        {t('account.tokenExpiresOn')} <LocalTime lang={lang} date={token.expiresAt} />
                      </>
                    ) : (
                      t('account.tokenNeverExpires')
                    )}
                  </span>
                </span>
                <ActionButton action={`/gatehouse/account/tokens/${encodeURIComponent(token.id)}/revoke`} text={t('account.revoke')} />
              </li>
            ))}
          </ul>
        )}
        <form method="post" action="/gatehouse/account/tokens#api-tokens" class="stack">
          <Field form="token" name="name" label={labels.name} autocomplete="off" state={state} />
          <Field form="token" name="expires_in_days" label={labels.expires_in_days} type="number" min={1} max={365} required={false} state={state} />
          <button type="submit">{t('account.createToken')}</button>
        </form>
      </Section>
    </AccountFrame>
  );
};

export const AccountApplicationsPage = (props: AccountFrameProps & { apps: ConnectedApp[] }) => {
  const { t } = props.locale;
  return (
    <AccountFrame props={props} current="applications">
      <Section id="connected-applications" title={t('account.connectedApps')}>
        {props.notice && <Notice text={props.notice.text} />}
        {props.apps.length === 0 ? (
          <p>{t('account.noConnectedApps')}</p>
        ) : (
          <ul class="rows">
            {props.apps.map((app) => (
              <li>
                <span>{app.name}</span>
                <ActionButton action={`/gatehouse/account/applications/${encodeURIComponent(app.clientId)}/revoke`} text={t('account.revoke')} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AccountFrame>
  );
};

/** Each event type in a person's words: a mapped type, so a new type without words does not compile. */
export const EVENT_WORDS: { readonly [type in TrailEventType]: MessageKey } = {
  registered: 'account.event.registered',
  login_succeeded: 'account.event.login_succeeded',
  login_failed: 'account.event.login_failed',
  logout: 'account.event.logout',
  session_revoked: 'account.event.session_revoked',
  password_changed: 'account.event.password_changed',
  account_recovered: 'account.event.account_recovered',
  mfa_enabled: 'account.event.mfa_enabled',
  mfa_disabled: 'account.event.mfa_disabled',
  passkey_added: 'account.event.passkey_added',
  passkey_removed: 'account.event.passkey_removed',
  recovery_codes_regenerated: 'account.event.recovery_codes_regenerated',
  recovery_code_used: 'account.event.recovery_code_used',
  second_factor_locked: 'account.event.second_factor_locked',
  api_token_created: 'account.event.api_token_created',
  api_token_revoked: 'account.event.api_token_revoked',
  display_name_changed: 'account.event.display_name_changed',
  login_throttled: 'account.event.login_throttled',
  user_disabled: 'account.event.user_disabled',
  user_enabled: 'account.event.user_enabled',
  sessions_revoked_by_admin: 'account.event.sessions_revoked_by_admin',
  mfa_reset_by_admin: 'account.event.mfa_reset_by_admin',
  recovery_issued: 'account.event.recovery_issued',
  role_changed: 'account.event.role_changed',
  invite_created: 'account.event.invite_created',
  invite_revoked: 'account.event.invite_revoked',
  user_deleted: 'account.event.user_deleted',
  oidc_client_created: 'account.event.oidc_client_created',
  oidc_client_deleted: 'account.event.oidc_client_deleted',
  oidc_consent_granted: 'account.event.oidc_consent_granted',
  oidc_consent_revoked: 'account.event.oidc_consent_revoked',
  oidc_signed_in: 'account.event.oidc_signed_in',
  username_changed: 'account.event.username_changed',
  group_created: 'account.event.group_created',
  group_renamed: 'account.event.group_renamed',
  group_deleted: 'account.event.group_deleted',
  group_member_added: 'account.event.group_member_added',
  group_member_removed: 'account.event.group_member_removed',
  access_policy_changed: 'account.event.access_policy_changed',
  access_denied: 'account.event.access_denied',
};

export const AccountActivityPage = (props: AccountFrameProps & { events: EventView[] }) => {
  const { t, lang } = props.locale;
  return (
    <AccountFrame props={props} current="activity">
      <Section id="activity" title={t('account.activity')}>
        {props.events.length === 0 ? (
          <p>{t('account.noActivity')}</p>
        ) : (
          <ul class="rows events">
            {props.events.map((event) => (
              <li>
                <span>{t(EVENT_WORDS[event.type])}</span> <LocalTime lang={lang} date={event.createdAt} />
                {event.clientAddress && <span class="hint"> {event.clientAddress}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AccountFrame>
  );
};
