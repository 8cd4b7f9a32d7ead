import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { PasskeyAlternative } from './passkey-alternative.js';
import { Layout, type Viewer } from './layout.js';

export interface ConfirmPageProps {
  locale: Locale;
  state: FormState;
  returnTo: string | null;
  /** A user with a second factor proves it (a code or a passkey); one without, the password. */
  withSecondFactor: boolean;
  /** What confirming carries out, by name ("Confirm it is you to disable ada@example.com"), when a form waits. */
  pending?: string | null;
  /** What follows for a form shown again rather than carried out (its password is typed once more). */
  note?: string | null;
  viewer?: Viewer;
}

export const ConfirmPage = ({ locale, state, returnTo, withSecondFactor, pending, note, viewer }: ConfirmPageProps) => {
  const { t } = locale;
  const action = returnTo ? `/gatehouse/confirm?return_to=${encodeURIComponent(returnTo)}` : '/gatehouse/confirm';
  const field = withSecondFactor ? 'code' : 'password';
  const label = withSecondFactor ? t('field.code') : t('field.password');
  return (
    <Layout locale={locale} title={t('confirm.title')} viewer={viewer} scripts={withSecondFactor ? ['simplewebauthn-browser.js', 'passkeys.js'] : []}>
      {pending && (
        <p class="pending-action">
          <strong>{pending}</strong>
        </p>
      )}
      {note && <p>{note}</p>}
      <p>{withSecondFactor ? t('confirm.introFactor') : t('confirm.intro')}</p>
      <ErrorSummary locale={locale} form="confirm" state={state} labels={{ [field]: label }} />
      <form method="post" action={action} class="stack">
        {withSecondFactor ? (
          <Field form="confirm" name="code" label={label} autocomplete="one-time-code" hint={t('hint.code')} state={state} />
        ) : (
          <Field form="confirm" name="password" label={label} type="password" autocomplete="current-password" state={state} />
        )}
        <button type="submit">{t('confirm.submit')}</button>
      </form>
      {withSecondFactor && (
        <>
          <PasskeyAlternative locale={locale} flow="step-up" text={t('confirm.passkey')} returnTo={returnTo} thenSubmit="confirm-passkey" />
          {/* Posted by passkeys.js once the passkey proved it: the server carries the waiting form out, as after the form above. */}
          <form method="post" action={action} id="confirm-passkey" hidden>
            <input type="hidden" name="proof" value="passkey" />
          </form>
        </>
      )}
    </Layout>
  );
};
