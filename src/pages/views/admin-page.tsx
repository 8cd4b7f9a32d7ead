import { TRAIL_EVENT_TYPES } from '../../core/domain/security-event.js';
import type { AdminUserView, EventView, InviteView } from '../../core/use-cases/views.js';
import type { Flash } from '../flash.js';
import type { Locale } from '../i18n/catalogue.js';
import { formatDate } from './dates.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, Notice, ShownOnce, type FormState } from './form-parts.js';
import { Layout, type Viewer } from './layout.js';
import { Section } from './section.js';

export interface AdminPageProps {
  locale: Locale;
  viewer: Viewer;
  users: AdminUserView[];
  /** The search as it was asked, and the query string of the next page (null on the last). */
  search: string;
  nextUsers: string | null;
  invites: InviteView[];
  events: EventView[];
  eventFilter: { userId: string; type: string };
  nextEvents: string | null;
  flash: Flash | null;
  notice: string | null;
  failed?: { form: 'users' | 'invite' | 'search' | 'events'; state: FormState };
}

const USER_ACTIONS = [
  ['disable', 'admin.disable'],
  ['enable', 'admin.enable'],
  ['sign-out', 'admin.signOutEverywhere'],
  ['reset-mfa', 'admin.resetMfa'],
  ['recovery', 'admin.issueRecovery'],
  ['delete', 'admin.delete'],
] as const;

const Users = (props: AdminPageProps) => {
  const { t, lang } = props.locale;
  const state = props.failed?.form === 'search' ? props.failed.state : EMPTY_FORM;
  const refused = props.failed?.form === 'users' ? props.failed.state : EMPTY_FORM;
  return (
    <Section id="users" title={t('admin.users')}>
      <ErrorSummary locale={props.locale} form="users" state={refused} labels={{}} />
      {props.flash?.kind === 'user_recovery' && (
        <div class="once">
          <p>{t('admin.recoveryIssued', { date: formatDate(lang, new Date(props.flash.expiresAt)) })}</p>
          <ShownOnce id="issued-recovery-code" label={t('field.recoveryCode')} value={props.flash.code} locale={props.locale} />
        </div>
      )}
      <ErrorSummary locale={props.locale} form="search" state={state} labels={{ email_prefix: t('field.searchEmail') }} />
      <form method="get" action="/gatehouse/admin" class="search" role="search">
        <Field form="search" name="email_prefix" label={t('field.searchEmail')} type="search" required={false} initial={props.search} state={state} />
        <button type="submit">{t('admin.search')}</button>
      </form>
      {props.users.length === 0 ? (
        <p>{t('admin.noUsers')}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.colEmail')}</th>
                <th scope="col">{t('admin.colName')}</th>
                <th scope="col">{t('admin.colState')}</th>
                <th scope="col">{t('admin.colMfa')}</th>
                <th scope="col">{t('admin.colLastLogin')}</th>
                <th scope="col">{t('admin.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {props.users.map(({ user, disabled, mfa, lastLoginAt }) => (
                <tr>
                  <th scope="row">{user.email}</th>
                  <td data-label={t('admin.colName')}>{user.displayName}</td>
                  <td data-label={t('admin.colState')}>{disabled ? t('admin.disabled') : t('admin.enabled')}</td>
                  <td data-label={t('admin.colMfa')}>{mfa ? t('admin.yes') : t('admin.no')}</td>
                  <td data-label={t('admin.colLastLogin')}>{lastLoginAt ? formatDate(lang, lastLoginAt) : t('admin.never')}</td>
                  <td class="actions">
                    {USER_ACTIONS.map(([path, key]) => (
                      <ActionButton action={`/gatehouse/admin/users/${encodeURIComponent(user.id)}/${path}`} text={t(key)} danger={path === 'delete'} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.nextUsers && (
        <p>
          <a href={`/gatehouse/admin?${props.nextUsers}#users`}>{t('admin.next')}</a>
        </p>
      )}
    </Section>
  );
};

const Invites = (props: AdminPageProps) => {
  const { t, lang } = props.locale;
  const state = props.failed?.form === 'invite' ? props.failed.state : EMPTY_FORM;
  const labels = { max_uses: t('field.uses'), expires_in_days: t('field.daysValid') };
  return (
    <Section id="invites" title={t('admin.invites')}>
      {props.flash?.kind === 'invite' && (
        <div class="once">
          <p>{t('admin.inviteCreated')}</p>
          <ShownOnce id="invite-link" label={t('field.inviteLink')} value={props.flash.link} locale={props.locale} />
        </div>
      )}
      <ErrorSummary locale={props.locale} form="invite" state={state} labels={labels} />
      <form method="post" action="/gatehouse/admin/invites" class="stack">
        <Field form="invite" name="max_uses" label={labels.max_uses} type="number" min={1} max={1000} initial="1" state={state} />
        <Field form="invite" name="expires_in_days" label={labels.expires_in_days} type="number" min={1} max={365} initial="7" state={state} />
        <button type="submit">{t('admin.createInvite')}</button>
      </form>
      {props.invites.length === 0 ? (
        <p>{t('admin.noInvites')}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.colCreated')}</th>
                <th scope="col">{t('admin.colExpires')}</th>
                <th scope="col">{t('admin.colUses')}</th>
                <th scope="col">{t('admin.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {props.invites.map((invite) => (
                <tr>
                  <td data-label={t('admin.colCreated')}>{formatDate(lang, invite.createdAt)}</td>
                  <td data-label={t('admin.colExpires')}>{formatDate(lang, invite.expiresAt)}</td>
                  <td data-label={t('admin.colUses')}>{`${invite.usedCount} / ${invite.maxUses}`}</td>
                  <td class="actions">
                    <ActionButton action={`/gatehouse/admin/invites/${encodeURIComponent(invite.id)}/revoke`} text={t('admin.revokeInvite')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
};

const Events = (props: AdminPageProps) => {
  const { t, lang } = props.locale;
  const state = props.failed?.form === 'events' ? props.failed.state : EMPTY_FORM;
  return (
    <Section id="events" title={t('admin.events')}>
      <ErrorSummary locale={props.locale} form="events" state={state} labels={{ user_id: t('field.eventUser'), type: t('field.eventType') }} />
      <form method="get" action="/gatehouse/admin#events" class="search">
        <Field form="events" name="user_id" label={t('field.eventUser')} required={false} initial={props.eventFilter.userId} state={state} />
        <div class="field">
          <label for="events-type">{t('field.eventType')}</label>
          <select id="events-type" name="type">
            <option value="">{t('field.anyType')}</option>
            {TRAIL_EVENT_TYPES.map((type) => (
              <option value={type} selected={type === props.eventFilter.type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{t('admin.filter')}</button>
      </form>
      {props.events.length === 0 ? (
        <p>{t('admin.noEvents')}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.colWhen')}</th>
                <th scope="col">{t('admin.colType')}</th>
                <th scope="col">{t('admin.colUser')}</th>
                <th scope="col">{t('admin.colActor')}</th>
                <th scope="col">{t('admin.colAddress')}</th>
              </tr>
            </thead>
            <tbody>
              {props.events.map((event) => (
                <tr>
                  <td data-label={t('admin.colWhen')}>{formatDate(lang, event.createdAt)}</td>
                  <td data-label={t('admin.colType')}>
                    <code>{event.type}</code>
                  </td>
                  <td data-label={t('admin.colUser')}>
                    <code>{event.userId}</code>
                  </td>
                  <td data-label={t('admin.colActor')}>{event.actor}</td>
                  <td data-label={t('admin.colAddress')}>{event.clientAddress ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.nextEvents && (
        <p>
          <a href={`/gatehouse/admin?${props.nextEvents}#events`}>{t('admin.next')}</a>
        </p>
      )}
    </Section>
  );
};

export const AdminPage = (props: AdminPageProps) => {
  const { t } = props.locale;
  return (
    <Layout locale={props.locale} title={t('admin.title')} viewer={props.viewer} scripts={['copy.js']}>
      {props.notice && <Notice text={props.notice} />}
      <Users {...props} />
      <Invites {...props} />
      <Events {...props} />
    </Layout>
  );
};
