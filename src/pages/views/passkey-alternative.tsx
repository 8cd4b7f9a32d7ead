import type { Locale } from '../i18n/catalogue.js';

/**
 * "or use a passkey": hidden until passkeys.js finds WebAuthn, so a page without JavaScript shows
 * only its form. `flow` names what the script does (data-passkey); the problem line is its own alert.
 */
export const PasskeyAlternative = ({
  locale,
  flow,
  text,
  returnTo,
  thenSubmit,
}: {
  locale: Locale;
  flow: 'sign-in' | 'second-factor' | 'step-up';
  text: string;
  returnTo: string | null;
  /** The id of a form of the page the script posts after the passkey, instead of going to returnTo. */
  thenSubmit?: string;
}) => (
  <div class="passkey-only" hidden>
    <p class="or">{locale.t('signIn.or')}</p>
    <button type="button" class="secondary" data-passkey={flow} data-return-to={returnTo ?? ''} data-then-submit={thenSubmit} data-failed={locale.t('problem.passkeyFailed')}>
      {text}
    </button>
    <p class="problem" role="alert" data-passkey-problem></p>
  </div>
);
