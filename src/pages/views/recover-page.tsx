import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { Layout } from './layout.js';

export const RecoverPage = ({ locale, state }: { locale: Locale; state: FormState }) => {
  const { t } = locale;
  const labels = { email: t('field.email'), code: t('field.recoveryCode'), new_password: t('field.newPassword') };
  return (
    <Layout locale={locale} title={t('recover.title')}>
      <p>{t('recover.intro')}</p>
      <ErrorSummary locale={locale} form="recover" state={state} labels={labels} />
      <form method="post" action="/gatehouse/recover" class="stack">
        <Field form="recover" name="email" label={labels.email} type="email" autocomplete="username" state={state} />
        <Field form="recover" name="code" label={labels.code} autocomplete="off" hint={t('hint.recoveryCode')} state={state} />
        <Field form="recover" name="new_password" label={labels.new_password} type="password" autocomplete="new-password" hint={t('hint.password')} state={state} />
        <button type="submit">{t('recover.submit')}</button>
      </form>
      <p>
        <a href="/gatehouse/sign-in">{t('back.signIn')}</a>
      </p>
    </Layout>
  );
};
