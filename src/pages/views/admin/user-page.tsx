import type { GroupRef, GroupWithCount } from '../../../core/domain/group.js';
import type { AdminFactorsView, AdminUserView, EventView, SessionView } from '../../../core/use-cases/views.js';
import type { Flash } from '../../flash.js';
import type { Locale } from '../../i18n/catalogue.js';
import { AgentName } from '../agent-name.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, type FormState } from '../form-parts.js';
import { LocalTime } from '../local-time.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { EventTable } from './event-rows.js';
import { IssuedRecovery } from './users-page.js';
import { UserActions, userPath } from './user-actions.js';

export interface UserPageProps {
  frame: AdminFrame;
  viewerId: string;
  view: AdminUserView;
  /** The user's second factors one by one, and its live sessions, newest first. */
  factors: AdminFactorsView;
  sessions: SessionView[];
  groups: GroupRef[];
  /** Every group, for the add-to-group choice (those the user is in are left out). */
  allGroups: GroupWithCount[];
  events: EventView[];
  flash: Flash | null;
  failed?: { form: 'user' | 'username' | 'groups'; state: FormState };
}

/** The authenticator app, the recovery codes left and each passkey by name: what the reset would remove. */
const SecondFactors = ({ locale, factors }: { locale: Locale; factors: AdminFactorsView }) => {
  const { t, lang } = locale;
  return (
    <>
      <dl class="details">
        <dt>{t('admin.authenticatorApp')}</dt>
        <dd>
          {factors.totp ? (
            <>
              {t('admin.appSetUp')} <LocalTime lang={lang} date={factors.totp.confirmedAt} />
            </>
          ) : (
            t('admin.appNotSetUp')
          )}
        </dd>
        <dt>{t('admin.recoveryCodes')}</dt>
        <dd>{factors.recoveryCodesLeft === 0 ? t('admin.none') : t('admin.codesLeft', { count: String(factors.recoveryCodesLeft) })}</dd>
      </dl>
      <h3 id="passkeys-heading">{t('admin.passkeys')}</h3>
      {factors.passkeys.length === 0 ? (
        <p>{t('admin.noPasskeys')}</p>
      ) : (
        <ul class="rows" aria-labelledby="passkeys-heading">
          {factors.passkeys.map((passkey) => (
            <li>
              <span>
                <strong>{passkey.name}</strong>
                <br />
                <span class="hint">
                  {t('account.passkeyAddedOn')} <LocalTime lang={lang} date={passkey.createdAt} />
                  {' · '}
                  {passkey.lastUsedAt ? (
                    <>
                      {t('admin.lastUsed')} <LocalTime lang={lang} date={passkey.lastUsedAt} />
                    </>
                  ) : (
                    t('admin.neverUsed')
                  )}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

/** Each live session: the browser in words (the string as sent one click away), when it began and was last seen. */
const Sessions = ({ locale, sessions }: { locale: Locale; sessions: SessionView[] }) => {
  const { t, lang } = locale;
  if (sessions.length === 0) return <p>{t('admin.noSessions')}</p>;
  return (
    <ul class="rows">
      {sessions.map((session) => (
        <li>
          <span>
            <AgentName locale={locale} userAgent={session.userAgent} />
            {session.current && <strong> ({t('account.thisSession')})</strong>}
            <span class="hint">
              {t('account.started')} <LocalTime lang={lang} date={session.createdAt} />, {t('account.lastSeen')} <LocalTime lang={lang} date={session.lastSeenAt} />
              {session.mfa ? ` · ${t('admin.withSecondFactor')}` : ''}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
};

/** One user as an admin sees it: the details, the actions that apply, second factors, sessions, username and groups. */
export const UserPage = (props: UserPageProps) => {
  const { frame, view } = props;
  const { t, lang } = frame.locale;
  const { user } = view;
  const stateOf = (form: 'user' | 'username' | 'groups'): FormState => (props.failed?.form === form ? props.failed.state : EMPTY_FORM);
  const member = new Set(props.groups.map((group) => group.id));
  const joinable = props.allGroups.filter((group) => !member.has(group.id));
  const base = userPath(user.id);
  return (
    <AdminLayout frame={frame} current="users" title={user.email}>
      <Section id="details" title={t('admin.details')}>
        <ErrorSummary locale={frame.locale} form="user" state={stateOf('user')} labels={{}} />
        <IssuedRecovery frame={frame} flash={props.flash} />
        <dl class="details">
          <dt>{t('admin.colEmail')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('admin.username')}</dt>
          <dd>{user.username ?? t('admin.none')}</dd>
          <dt>{t('admin.colName')}</dt>
          <dd>{user.displayName}</dd>
          <dt>{t('admin.colState')}</dt>
          <dd>{view.disabled ? t('admin.disabled') : t('admin.enabled')}</dd>
          <dt>{t('admin.colMfa')}</dt>
          <dd>{view.mfa ? t('admin.yes') : t('admin.no')}</dd>
          <dt>{t('admin.colLastLogin')}</dt>
          <dd>{view.lastLoginAt ? <LocalTime lang={lang} date={view.lastLoginAt} /> : t('admin.never')}</dd>
        </dl>
        <div class="buttons actions">
          <UserActions view={view} viewerId={props.viewerId} locale={frame.locale} />
        </div>
      </Section>
      <Section id="second-factors" title={t('admin.secondFactors')}>
        <SecondFactors locale={frame.locale} factors={props.factors} />
      </Section>
      <Section id="sessions" title={t('admin.sessions')}>
        <Sessions locale={frame.locale} sessions={props.sessions} />
      </Section>
      <Section id="username" title={t('admin.username')}>
        <ErrorSummary locale={frame.locale} form="username" state={stateOf('username')} labels={{ username: t('admin.username') }} />
        <form method="post" action={`${base}/username`} class="stack">
          <Field form="username" name="username" label={t('admin.username')} required={false} autocomplete="off" initial={user.username ?? ''} state={stateOf('username')} />
          <button type="submit">{t('admin.setUsername')}</button>
        </form>
      </Section>
      <Section id="groups" title={t('admin.groups')}>
        <ErrorSummary locale={frame.locale} form="groups" state={stateOf('groups')} labels={{ group_id: t('admin.group') }} />
        {props.groups.length === 0 ? (
          <p>{t('admin.noGroupsForUser')}</p>
        ) : (
          <ul class="rows">
            {props.groups.map((group) => (
              <li>
                <span>{group.name}</span>
                <ActionButton action={`${base}/groups/${encodeURIComponent(group.id)}/remove`} text={t('admin.removeFromGroup', { group: group.name })} />
              </li>
            ))}
          </ul>
        )}
        {joinable.length > 0 && (
          <form method="post" action={`${base}/groups`} class="search">
            <div class="field">
              <label for="groups-group_id">{t('admin.group')}</label>
              <select id="groups-group_id" name="group_id">
                {joinable.map((group) => (
                  <option value={group.id}>{group.name}</option>
                ))}
              </select>
            </div>
            <button type="submit">{t('admin.addToGroup')}</button>
          </form>
        )}
      </Section>
      <Section id="recent-events" title={t('admin.recentEvents')}>
        {props.events.length === 0 ? <p>{t('admin.noEvents')}</p> : <EventTable locale={frame.locale} events={props.events} emails={new Map([[user.id, user.email]])} />}
      </Section>
    </AdminLayout>
  );
};
