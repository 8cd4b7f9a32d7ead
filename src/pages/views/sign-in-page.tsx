import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { PasskeyAlternative } from './passkey-alternative.js';
import { Layout } from './layout.js';

export interface SignInPageProps {
  locale: Locale;
  state: FormState;
  /** Kept through the form (already checked to be ours), so the sign-in ends where it began. */
  returnTo: string | null;
  /** Keeps a forced sign-in (OpenID prompt=login) forced across a refused attempt. */
  forced?: boolean;
}

const query = (returnTo: string | null, forced = false): string => {
  const params = new URLSearchParams();
  if (returnTo) params.set('return_to', returnTo);
  if (forced) params.set('prompt', 'login');
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const SignInPage = ({ locale, state, returnTo, forced }: SignInPageProps) => {
  const { t } = locale;
  return (
    <Layout locale={locale} title={t('signIn.title')} scripts={['simplewebauthn-browser.js', 'passkeys.js']}>
      <ErrorSummary locale={locale} form="sign-in" state={state} labels={{ email: t('field.email'), password: t('field.password') }} />
      <form method="post" action={`/gatehouse/sign-in${query(returnTo, forced)}`} class="stack">
        <Field form="sign-in" name="email" label={t('field.email')} type="email" autocomplete="username webauthn" state={state} />
        <Field form="sign-in" name="password" label={t('field.password')} type="password" autocomplete="current-password" state={state} />
        <button type="submit">{t('signIn.submit')}</button>
      </form>
      <PasskeyAlternative locale={locale} flow="sign-in" text={t('signIn.passkey')} returnTo={returnTo} />
      <p>
        <a href="/gatehouse/recover">{t('signIn.forgot')}</a>
      </p>
      <p class="hint">{t('signIn.noAccount')}</p>
    </Layout>
  );
};
