import type { GroupRef, GroupWithCount } from '../../../core/domain/group.js';
import type { AdminUserView, EventView } from '../../../core/use-cases/views.js';
import type { Flash } from '../../flash.js';
import { formatDate } from '../dates.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { EventTable } from './event-rows.js';
import { IssuedRecovery } from './users-page.js';
import { UserActions, userPath } from './user-actions.js';

export interface UserPageProps {
  frame: AdminFrame;
  viewerId: string;
  view: AdminUserView;
  groups: GroupRef[];
  /** Every group, for the add-to-group choice (those the user is in are left out). */
  allGroups: GroupWithCount[];
  events: EventView[];
  flash: Flash | null;
  failed?: { form: 'user' | 'username' | 'groups'; state: FormState };
}

/** One user as an admin sees it: the details, the actions that apply, username and groups. */
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
          <dd>{view.lastLoginAt ? formatDate(lang, view.lastLoginAt) : t('admin.never')}</dd>
        </dl>
        <div class="buttons actions">
          <UserActions view={view} viewerId={props.viewerId} locale={frame.locale} />
        </div>
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
