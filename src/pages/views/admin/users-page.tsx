import type { AdminUserView } from '../../../core/use-cases/views.js';
import type { Flash } from '../../flash.js';
import { formatDate } from '../dates.js';
import { LocalTime } from '../local-time.js';
import { EMPTY_FORM, ErrorSummary, Field, ShownOnce, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { UserActions, userPath } from './user-actions.js';

export interface UsersPageProps {
  frame: AdminFrame;
  viewerId: string;
  users: AdminUserView[];
  /** The search as it was asked, and the query string of the next page (null on the last). */
  search: string;
  nextUsers: string | null;
  flash: Flash | null;
  failed?: { form: 'users' | 'search'; state: FormState };
}

/** A recovery code just issued, saying whose it is: shown once, at the top of the section it came from. */
export const IssuedRecovery = ({ frame, flash }: { frame: AdminFrame; flash: Flash | null }) => {
  const { t, lang } = frame.locale;
  if (flash?.kind !== 'user_recovery') return null;
  return (
    <div class="once" role="status">
      <p>{t('admin.recoveryIssuedFor', { email: flash.email ?? '', date: formatDate(lang, new Date(flash.expiresAt)) })}</p>
      <ShownOnce id="issued-recovery-code" label={t('field.recoveryCode')} value={flash.code} locale={frame.locale} />
    </div>
  );
};

export const UsersPage = (props: UsersPageProps) => {
  const { frame } = props;
  const { t, lang } = frame.locale;
  const state = props.failed?.form === 'search' ? props.failed.state : EMPTY_FORM;
  const refused = props.failed?.form === 'users' ? props.failed.state : EMPTY_FORM;
  return (
    <AdminLayout frame={frame} current="users">
      <Section id="users" title={t('admin.users')}>
        <ErrorSummary locale={frame.locale} form="users" state={refused} labels={{}} />
        <IssuedRecovery frame={frame} flash={props.flash} />
        <ErrorSummary locale={frame.locale} form="search" state={state} labels={{ email_prefix: t('field.searchEmail') }} />
        <form method="get" action="/gatehouse/admin/users" class="search" role="search">
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
                {props.users.map((view) => (
                  <tr>
                    <th scope="row">
                      <a href={userPath(view.user.id)}>{view.user.email}</a>
                    </th>
                    <td data-label={t('admin.colName')}>{view.user.displayName}</td>
                    <td data-label={t('admin.colState')}>{view.disabled ? t('admin.disabled') : t('admin.enabled')}</td>
                    <td data-label={t('admin.colMfa')}>{view.mfa ? t('admin.yes') : t('admin.no')}</td>
                    <td data-label={t('admin.colLastLogin')}>{view.lastLoginAt ? <LocalTime lang={lang} date={view.lastLoginAt} /> : t('admin.never')}</td>
                    <td class="actions">
                      <UserActions view={view} viewerId={props.viewerId} locale={frame.locale} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {props.nextUsers && (
          <p>
            <a href={`/gatehouse/admin/users?${props.nextUsers}#users`}>{t('admin.next')}</a>
          </p>
        )}
      </Section>
    </AdminLayout>
  );
};
