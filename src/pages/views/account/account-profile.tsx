import { ErrorSummary, Field, Notice } from '../form-parts.js';
import { Section } from '../section.js';
import { AccountFrame, stateOf, type AccountFrameProps } from './account-frame.js';

/** Profile (display name, username) and, apart from it, deleting the account. */
export const AccountProfilePage = (props: AccountFrameProps) => {
  const { t } = props.locale;
  const profile = stateOf(props, 'profile');
  const deletion = stateOf(props, 'delete');
  const labels = { display_name: t('field.displayName'), username: t('account.fieldUsername') };
  return (
    <AccountFrame props={props} current="profile">
      <Section id="profile" title={t('account.profile')}>
        {props.notice && <Notice text={props.notice.text} />}
        <ErrorSummary locale={props.locale} form="profile" state={profile} labels={labels} />
        <form method="post" action="/gatehouse/account/profile#profile" class="stack">
          <Field form="profile" name="display_name" label={labels.display_name} autocomplete="name" initial={props.user.displayName} state={profile} />
          <Field form="profile" name="username" label={labels.username} autocomplete="username" hint={t('account.hintUsername')} required={false} initial={props.user.username ?? ''} state={profile} />
          <button type="submit">{t('account.save')}</button>
        </form>
      </Section>
      <Section id="delete-account" title={t('account.deleteAccount')}>
        <p>{t('account.deleteWarning')}</p>
        <ErrorSummary locale={props.locale} form="delete" state={deletion} labels={{ password: t('field.password') }} />
        <form method="post" action="/gatehouse/account/delete/confirm" class="stack">
          <Field form="delete" name="password" label={t('field.password')} type="password" autocomplete="current-password" state={deletion} />
          <button type="submit" class="danger">
            {t('account.deleteSubmit')}
          </button>
        </form>
      </Section>
    </AccountFrame>
  );
};
