import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { PasskeyAlternative } from './passkey-alternative.js';
import { Layout } from './layout.js';

export interface SecondFactorPageProps {
  locale: Locale;
  state: FormState;
  returnTo: string | null;
}

/** The pending login's second step: a TOTP or recovery code in one field, or a passkey. */
export const SecondFactorPage = ({ locale, state, returnTo }: SecondFactorPageProps) => {
  const { t } = locale;
  const action = returnTo ? `/gatehouse/sign-in/second-factor?return_to=${encodeURIComponent(returnTo)}` : '/gatehouse/sign-in/second-factor';
  return (
    <Layout locale={locale} title={t('secondFactor.title')} scripts={['simplewebauthn-browser.js', 'passkeys.js']}>
      <p>{t('secondFactor.intro')}</p>
      <ErrorSummary locale={locale} form="second-factor" state={state} labels={{ code: t('field.code') }} />
      <form method="post" action={action} class="stack">
        <Field form="second-factor" name="code" label={t('field.code')} autocomplete="one-time-code" hint={t('hint.code')} state={state} />
        <button type="submit">{t('secondFactor.submit')}</button>
      </form>
      <PasskeyAlternative locale={locale} flow="second-factor" text={t('secondFactor.passkey')} returnTo={returnTo} />
      <p>
        <a href="/gatehouse/sign-in">{t('secondFactor.restart')}</a>
      </p>
    </Layout>
  );
};
