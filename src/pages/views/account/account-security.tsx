import type { MfaView } from '../../../core/use-cases/views.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import type { Locale } from '../../i18n/catalogue.js';
import { ErrorSummary, Field, Notice } from '../form-parts.js';
import { LocalTime } from '../local-time.js';
import { qrDataUri } from '../qr-image.js';
import { Section } from '../section.js';
import { AccountFrame, stateOf, type AccountFrameProps } from './account-frame.js';

export interface AccountSecurityProps extends AccountFrameProps {
  /** The MFA policy holds this session to enrolment: only the second factor is offered. */
  enrolmentOnly: boolean;
  mfa: MfaView;
  /** An authenticator app set up and waiting for its first code. */
  pendingTotp: { secret: string; uri: string } | null;
  /** Recovery codes just made, shown this once. */
  recoveryCodes: string[] | null;
}

/** The results that belong to the Password section; every other one is the second factor's. */
const PASSWORD_NOTICES: readonly MessageKey[] = ['account.passwordChanged'];

/** The key in groups of four, as people read it aloud and type it. */
export const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const Password = (props: AccountSecurityProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'password');
  const labels = { current_password: t('field.currentPassword'), new_password: t('field.newPassword') };
  return (
    <Section id="password" title={t('account.password')}>
      {props.notice && PASSWORD_NOTICES.includes(props.notice.key) && <Notice text={props.notice.text} />}
      {props.again === 'password' && <Notice text={t('account.enterPasswordsAgain')} />}
      <ErrorSummary locale={props.locale} form="password" state={state} labels={labels} />
      <form method="post" action="/gatehouse/account/password#password" class="stack">
        {/* A username field lets password managers know whose password changes. */}
        <input type="text" name="username" value={props.user.email} autocomplete="username" hidden readOnly />
        <Field form="password" name="current_password" label={labels.current_password} type="password" autocomplete="current-password" state={state} />
        <Field form="password" name="new_password" label={labels.new_password} type="password" autocomplete="new-password" hint={t('hint.password')} state={state} />
        <button type="submit">{t('account.changePassword')}</button>
      </form>
    </Section>
  );
};

/** Recovery codes shown once: selectable text, a Copy and a Print button (JavaScript), a text file to download. */
const RecoveryCodes = ({ locale, codes }: { locale: Locale; codes: string[] }) => (
  <div class="recovery-codes once" aria-labelledby="recovery-codes-heading" role="group">
    <h3 id="recovery-codes-heading">{locale.t('account.recoveryCodes')}</h3>
    <p>{locale.t('account.recoveryCodesIntro')}</p>
    <ul class="codes" id="recovery-codes-list">
      {codes.map((code) => (
        <li>
          <code>{code}</code>
        </li>
      ))}
    </ul>
    {/* The download carries the codes back from this page: the server keeps none of them. */}
    <form method="post" action="/gatehouse/account/recovery-codes.txt" class="buttons no-print">
      <input type="hidden" name="codes" value={codes.join(' ')} />
      <button type="submit" class="secondary">
        {locale.t('account.downloadCodes')}
      </button>
      <button type="button" class="secondary copy" data-copy="recovery-codes-list" data-copied={locale.t('form.copied')} hidden>
        {locale.t('form.copy')}
      </button>
      <button type="button" class="secondary" data-print="" hidden>
        {locale.t('account.printCodes')}
      </button>
    </form>
  </div>
);

/** A set-up waiting for its code: the QR code, the key in groups of four, a link for a phone, the code. */
const TotpEnrolment = ({ props, pending }: { props: AccountSecurityProps; pending: { secret: string; uri: string } }) => {
  const { t } = props.locale;
  const state = stateOf(props, 'totp-confirm');
  return (
    <div class="enrolment">
      <ErrorSummary locale={props.locale} form="totp-confirm" state={state} labels={{ code: t('field.code') }} />
      <p>{t('account.totpScan')}</p>
      <img class="qr" src={qrDataUri(pending.uri)} alt={t('account.qrAlt')} width={180} height={180} />
      <p>
        <a href={pending.uri}>{t('account.openInApp')}</a>
      </p>
      <p id="totp-secret-label">{t('field.secretKey')}</p>
      <div class="secret" role="group" aria-labelledby="totp-secret-label">
        <code>{groupedKey(pending.secret)}</code>
      </div>
      <form method="post" action="/gatehouse/account/totp/confirm#second-factor" class="stack">
        <Field form="totp-confirm" name="code" label={t('field.code')} autocomplete="one-time-code" inputmode="numeric" state={state} />
        <button type="submit">{t('account.confirmTotp')}</button>
      </form>
    </div>
  );
};

const AuthenticatorApp = (props: AccountSecurityProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'totp');
  return (
    <section class="factor" aria-labelledby="authenticator-heading">
      <h3 id="authenticator-heading">{t('account.authenticatorApp')}</h3>
      <p>{props.mfa.totp ? t('account.totpOn') : props.pendingTotp ? t('account.totpBeingSetUp') : t('account.totpOff')}</p>
      {props.mfa.totp && (
        // Asks first (are-you-sure page), which takes the password.
        <form method="post" action="/gatehouse/account/totp/confirm-removal" class="buttons">
          <button type="submit" class="secondary">
            {t('confirm.removeTotpButton')}
          </button>
        </form>
      )}
      {props.pendingTotp && <TotpEnrolment props={props} pending={props.pendingTotp} />}
      {!props.mfa.totp && (
        // During a set-up this starts again with a new key: set apart from the code's form above, and saying so.
        <div class={props.pendingTotp ? 'start-again' : undefined}>
          {props.again === 'totp' && <Notice text={t('account.enterAgain')} />}
          <ErrorSummary locale={props.locale} form="totp" state={state} labels={{ password: t('field.password') }} />
          {props.pendingTotp && <p>{t('account.totpStartAgain')}</p>}
          <form method="post" action="/gatehouse/account/totp#second-factor" class="stack">
            <Field form="totp" name="password" label={t('field.password')} hint={t('hint.passwordForTotp')} type="password" autocomplete="current-password" state={state} />
            <button type="submit" class={props.pendingTotp ? 'secondary' : undefined}>
              {t('account.setUpTotp')}
            </button>
          </form>
        </div>
      )}
    </section>
  );
};

/** Passkeys: the list with one Revoke each, and adding one (JavaScript). Their own form, apart from the app's. */
const Passkeys = (props: AccountSecurityProps) => {
  const { t, lang } = props.locale;
  const state = stateOf(props, 'passkey');
  const { passkeys } = props.mfa;
  return (
    <section class="factor" aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading">{t('account.passkeys')}</h3>
      {props.again === 'passkey' && <Notice text={t('account.enterAgain')} />}
      <ErrorSummary locale={props.locale} form="passkey" state={state} labels={{ password: t('field.password'), name: t('field.passkeyName') }} />
      <form method="post" action="/gatehouse/account/factors#second-factor" class="stack" id="factors">
        {passkeys.length === 0 ? (
          <p>{t('account.noPasskeys')}</p>
        ) : (
          <ul class="rows">
            {passkeys.map((passkey) => (
              <li>
                <span>
                  {passkey.name}{' '}
                  <span class="hint">
                    {t('account.passkeyAddedOn')} <LocalTime lang={lang} date={passkey.createdAt} />
                  </span>
                </span>
                <button type="submit" class="secondary" name="remove_passkey" value={passkey.id} formAction="/gatehouse/account/passkeys/confirm-removal" formNoValidate>
                  {t('account.revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <Field form="passkey" name="name" label={t('field.passkeyName')} required={false} autocomplete="off" state={state} />
        <Field form="passkey" name="password" label={t('field.password')} hint={t('hint.passwordForPasskey')} type="password" autocomplete="current-password" state={state} />
        <div class="buttons">
          <button type="button" class="secondary passkey-only" data-passkey="register" data-return-to="/gatehouse/account/security#second-factor" data-failed={t('problem.passkeyFailed')} hidden>
            {t('account.addPasskey')}
          </button>
        </div>
        <p class="problem" role="alert" data-passkey-problem></p>
        <noscript>
          <p class="hint">{t('account.needsPasskeyScript')}</p>
        </noscript>
      </form>
    </section>
  );
};

const RenewRecoveryCodes = (props: AccountSecurityProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'recovery-codes');
  return (
    <section class="factor" aria-labelledby="renew-codes-heading">
      <h3 id="renew-codes-heading">{t('account.recoveryCodesRenew')}</h3>
      <p>{t('account.recoveryCodesLeft', { count: props.mfa.recoveryCodesLeft })}</p>
      {props.again === 'recovery-codes' && <Notice text={t('account.enterAgain')} />}
      <ErrorSummary locale={props.locale} form="recovery-codes" state={state} labels={{ password: t('field.password') }} />
      <form method="post" action="/gatehouse/account/recovery-codes#second-factor" class="stack">
        <Field form="recovery-codes" name="password" label={t('field.password')} hint={t('hint.passwordForCodes')} type="password" autocomplete="current-password" state={state} />
        <button type="submit" class="secondary">
          {t('account.newRecoveryCodes')}
        </button>
      </form>
    </section>
  );
};

const SecondFactor = (props: AccountSecurityProps) => {
  const { t } = props.locale;
  const hasFactor = props.mfa.totp || props.mfa.passkeys.length > 0;
  const notice = props.notice && !PASSWORD_NOTICES.includes(props.notice.key) ? props.notice : null;
  return (
    <Section id="second-factor" title={t('account.secondFactor')}>
      {notice && <Notice text={notice.text} />}
      {props.recoveryCodes && <RecoveryCodes locale={props.locale} codes={props.recoveryCodes} />}
      {props.enrolmentOnly && <p class="notice">{t('account.enrolmentRequired')}</p>}
      <AuthenticatorApp {...props} />
      <Passkeys {...props} />
      {hasFactor && <RenewRecoveryCodes {...props} />}
    </Section>
  );
};

/** Password and second factor; a session held to enrolment sees the second factor only. */
export const AccountSecurityPage = (props: AccountSecurityProps) => (
  <AccountFrame props={props} current="security" menu={!props.enrolmentOnly}>
    {!props.enrolmentOnly && <Password {...props} />}
    <SecondFactor {...props} />
  </AccountFrame>
);
