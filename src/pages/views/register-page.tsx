import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { Layout } from './layout.js';

export const RegisterPage = ({ locale, state }: { locale: Locale; state: FormState }) => {
  const { t } = locale;
  const labels = { invite_code: t('field.inviteCode'), email: t('field.email'), display_name: t('field.displayName'), password: t('field.password') };
  return (
    <Layout locale={locale} title={t('register.title')}>
      <ErrorSummary locale={locale} form="register" state={state} labels={labels} />
      <form method="post" action="/gatehouse/register" class="stack">
        <Field form="register" name="invite_code" label={labels.invite_code} autocomplete="off" state={state} />
        <Field form="register" name="email" label={labels.email} type="email" autocomplete="username" state={state} />
        <Field form="register" name="display_name" label={labels.display_name} autocomplete="name" state={state} />
        <Field form="register" name="password" label={labels.password} type="password" autocomplete="new-password" hint={t('hint.password')} state={state} />
        <button type="submit">{t('register.submit')}</button>
      </form>
    </Layout>
  );
};
