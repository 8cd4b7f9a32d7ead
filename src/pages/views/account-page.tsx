import type { PublicUser } from '../../core/domain/user.js';
import type { ApiTokenView, EventView, MfaView, SessionView } from '../../core/use-cases/views.js';
import type { Flash } from '../flash.js';
import type { Locale } from '../i18n/catalogue.js';
import { formatDate } from './dates.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, Notice, ShownOnce, type FormState } from './form-parts.js';
import { Layout, type Viewer } from './layout.js';
import { qrDataUri } from './qr-image.js';
import { Section } from './section.js';

/** The account page's forms, by the name their fields' ids carry. */
export type AccountForm = 'profile' | 'password' | 'factors' | 'totp-confirm' | 'token' | 'delete';

/** An application the user signed in to with Gatehouse (OpenID Connect). */
export interface ConnectedApp {
  clientId: string;
  name: string;
}

export interface AccountPageProps {
  locale: Locale;
  viewer: Viewer;
  user: PublicUser;
  /** The MFA policy holds this session to enrolment: only the second factor and sign-out are offered. */
  enrolmentOnly: boolean;
  mfa: MfaView;
  sessions: SessionView[];
  tokens: ApiTokenView[];
  events: EventView[];
  apps: ConnectedApp[];
  flash: Flash | null;
  notice: string | null;
  failed?: { form: AccountForm; state: FormState };
}

const stateOf = (props: AccountPageProps, form: AccountForm): FormState => (props.failed?.form === form ? props.failed.state : EMPTY_FORM);

const Profile = (props: AccountPageProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'profile');
  return (
    <Section id="profile" title={t('account.profile')}>
      <ErrorSummary locale={props.locale} form="profile" state={state} labels={{ display_name: t('field.displayName') }} />
      <form method="post" action="/gatehouse/account/profile" class="stack">
        <Field form="profile" name="display_name" label={t('field.displayName')} autocomplete="name" initial={props.user.displayName} state={state} />
        <button type="submit">{t('account.save')}</button>
      </form>
    </Section>
  );
};

const Password = (props: AccountPageProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'password');
  const labels = { current_password: t('field.currentPassword'), new_password: t('field.newPassword') };
  return (
    <Section id="password" title={t('account.password')}>
      <ErrorSummary locale={props.locale} form="password" state={state} labels={labels} />
      <form method="post" action="/gatehouse/account/password" class="stack">
        {/* A username field lets password managers know whose password changes. */}
        <input type="text" name="username" value={props.user.email} autocomplete="username" hidden readOnly />
        <Field form="password" name="current_password" label={labels.current_password} type="password" autocomplete="current-password" state={state} />
        <Field form="password" name="new_password" label={labels.new_password} type="password" autocomplete="new-password" hint={t('hint.password')} state={state} />
        <button type="submit">{t('account.changePassword')}</button>
      </form>
    </Section>
  );
};

/** A new authenticator app, shown once after its set-up: the QR code, the key as text, the code that confirms it. */
const TotpEnrolment = ({ props, secret, uri }: { props: AccountPageProps; secret: string; uri: string }) => {
  const { t } = props.locale;
  const state = stateOf(props, 'totp-confirm');
  return (
    <div class="enrolment">
      <p>{t('account.totpScan')}</p>
      <img class="qr" src={qrDataUri(uri)} alt={t('account.qrAlt')} width={180} height={180} />
      <p id="totp-secret-label">{t('field.secretKey')}</p>
      <div class="secret" role="group" aria-labelledby="totp-secret-label">
        <code>{secret}</code>
      </div>
      <TotpConfirm props={props} state={state} />
    </div>
  );
};

const TotpConfirm = ({ props, state }: { props: AccountPageProps; state: FormState }) => {
  const { t } = props.locale;
  return (
    <>
      <ErrorSummary locale={props.locale} form="totp-confirm" state={state} labels={{ code: t('field.code') }} />
      <form method="post" action="/gatehouse/account/totp/confirm" class="stack">
        <Field form="totp-confirm" name="code" label={t('field.code')} autocomplete="one-time-code" inputmode="numeric" state={state} />
        <button type="submit">{t('account.confirmTotp')}</button>
      </form>
    </>
  );
};

const RecoveryCodes = ({ locale, codes }: { locale: Locale; codes: string[] }) => (
  <div class="recovery-codes" aria-labelledby="recovery-codes-heading" role="group">
    <h3 id="recovery-codes-heading">{locale.t('account.recoveryCodes')}</h3>
    <p>{locale.t('account.recoveryCodesIntro')}</p>
    <ul class="codes">
      {codes.map((code) => (
        <li>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  </div>
);

/**
 * One form for every change to the factors, so the page has one Password field for them: set up an
 * app, new recovery codes, remove a passkey (one Revoke per row), add one (with JavaScript).
 */
const SecondFactor = (props: AccountPageProps) => {
  const { t, lang } = props.locale;
  const { mfa, flash } = props;
  const state = stateOf(props, 'factors');
  const hasFactor = mfa.totp || mfa.passkeys.length > 0;
  const totpPending = flash?.kind === 'totp' ? flash : null;
  const confirmFailed = props.failed?.form === 'totp-confirm';
  return (
    <Section id="second-factor" title={t('account.secondFactor')}>
      {flash?.kind === 'recovery_codes' && <RecoveryCodes locale={props.locale} codes={flash.codes} />}
      <p>{mfa.totp ? t('account.totpOn') : t('account.totpOff')}</p>
      {hasFactor && <p>{t('account.recoveryCodesLeft', { count: mfa.recoveryCodesLeft })}</p>}
      {totpPending && <TotpEnrolment props={props} secret={totpPending.secret} uri={totpPending.uri} />}
      {!totpPending && confirmFailed && <TotpConfirm props={props} state={stateOf(props, 'totp-confirm')} />}
      <ErrorSummary locale={props.locale} form="factors" state={state} labels={{ password: t('field.password'), name: t('field.passkeyName') }} />
      <form method="post" action="/gatehouse/account/factors" class="stack" id="factors">
        <h3>{t('account.passkeys')}</h3>
        {mfa.passkeys.length === 0 ? (
          <p>{t('account.noPasskeys')}</p>
        ) : (
          <ul class="rows">
            {mfa.passkeys.map((passkey) => (
              <li>
                <span>
                  {passkey.name} <span class="hint">{t('account.passkeyCreated', { date: formatDate(lang, passkey.createdAt) })}</span>
                </span>
                <button type="submit" class="secondary" name="remove_passkey" value={passkey.id} formAction="/gatehouse/account/passkeys/confirm-removal" formNoValidate>
                  {t('account.revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <Field form="factors" name="name" label={t('field.passkeyName')} required={false} autocomplete="off" state={state} />
        <Field form="factors" name="password" label={t('field.password')} type="password" autocomplete="current-password" state={state} />
        <div class="buttons">
          {!mfa.totp && (
            <button type="submit" name="action" value="totp">
              {t('account.setUpTotp')}
            </button>
          )}
          <button type="button" class="secondary passkey-only" data-passkey="register" data-failed={t('problem.passkeyFailed')} hidden>
            {t('account.addPasskey')}
          </button>
          {hasFactor && (
            <button type="submit" class="secondary" name="action" value="recovery_codes">
              {t('account.newRecoveryCodes')}
            </button>
          )}
        </div>
        <p class="problem" role="alert" data-passkey-problem></p>
        <noscript>
          <p class="hint">{t('account.needsPasskeyScript')}</p>
        </noscript>
      </form>
    </Section>
  );
};

const Sessions = (props: AccountPageProps) => {
  const { t, lang } = props.locale;
  return (
    <Section id="sessions" title={t('account.sessions')}>
      <ul class="rows">
        {props.sessions.map((session) => (
          <li>
            <span>
              {session.userAgent ?? t('account.unknownAgent')}
              {session.current && <strong> ({t('account.thisSession')})</strong>}
              <span class="hint"> {t('account.sessionStarted', { date: formatDate(lang, session.createdAt), seen: formatDate(lang, session.lastSeenAt) })}</span>
            </span>
            <ActionButton action={`/gatehouse/account/sessions/${encodeURIComponent(session.id)}/revoke`} text={t('account.revoke')} />
          </li>
        ))}
      </ul>
      <ActionButton action="/gatehouse/account/sessions/revoke-others" text={t('account.revokeOthers')} />
    </Section>
  );
};

const Tokens = (props: AccountPageProps) => {
  const { t, lang } = props.locale;
  const state = stateOf(props, 'token');
  const labels = { name: t('field.tokenName'), expires_in_days: t('field.tokenDays') };
  return (
    <Section id="api-tokens" title={t('account.apiTokens')}>
      {props.flash?.kind === 'token' && (
        <div class="once">
          <p>{t('account.tokenShownOnce')}</p>
          <ShownOnce id="new-token" label={t('field.newToken')} value={props.flash.secret} locale={props.locale} />
        </div>
      )}
      {props.tokens.length === 0 ? (
        <p>{t('account.noTokens')}</p>
      ) : (
        <ul class="rows">
          {props.tokens.map((token) => (
            <li>
              <span>
                {token.name}{' '}
                <span class="hint">{token.expiresAt ? t('account.tokenExpires', { date: formatDate(lang, token.expiresAt) }) : t('account.tokenNeverExpires')}</span>
              </span>
              <ActionButton action={`/gatehouse/account/tokens/${encodeURIComponent(token.id)}/revoke`} text={t('account.revoke')} />
            </li>
          ))}
        </ul>
      )}
      <ErrorSummary locale={props.locale} form="token" state={state} labels={labels} />
      <form method="post" action="/gatehouse/account/tokens" class="stack">
        <Field form="token" name="name" label={labels.name} autocomplete="off" state={state} />
        <Field form="token" name="expires_in_days" label={labels.expires_in_days} type="number" min={1} max={365} required={false} state={state} />
        <button type="submit">{t('account.createToken')}</button>
      </form>
    </Section>
  );
};

const ConnectedApps = (props: AccountPageProps) => {
  const { t } = props.locale;
  return (
    <Section id="connected-applications" title={t('account.connectedApps')}>
      {props.apps.length === 0 ? (
        <p>{t('account.noConnectedApps')}</p>
      ) : (
        <ul class="rows">
          {props.apps.map((app) => (
            <li>
              <span>{app.name}</span>
              <ActionButton action={`/gatehouse/account/applications/${encodeURIComponent(app.clientId)}/revoke`} text={t('account.revoke')} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
};

const Activity = (props: AccountPageProps) => {
  const { t, lang } = props.locale;
  return (
    <Section id="activity" title={t('account.activity')}>
      {props.events.length === 0 ? (
        <p>{t('account.noActivity')}</p>
      ) : (
        <ul class="rows events">
          {props.events.map((event) => (
            <li>
              <code>{event.type}</code> <span class="hint">{formatDate(lang, event.createdAt)}</span>
              {event.clientAddress && <span class="hint"> {event.clientAddress}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
};

const DeleteAccount = (props: AccountPageProps) => {
  const { t } = props.locale;
  const state = stateOf(props, 'delete');
  return (
    <Section id="delete-account" title={t('account.deleteAccount')}>
      <p>{t('account.deleteWarning')}</p>
      <ErrorSummary locale={props.locale} form="delete" state={state} labels={{ password: t('field.password') }} />
      <form method="post" action="/gatehouse/account/delete/confirm" class="stack">
        <Field form="delete" name="password" label={t('field.password')} type="password" autocomplete="current-password" state={state} />
        <button type="submit" class="danger">
          {t('account.deleteSubmit')}
        </button>
      </form>
    </Section>
  );
};

export const AccountPage = (props: AccountPageProps) => {
  const { t } = props.locale;
  return (
    <Layout locale={props.locale} title={t('account.title')} viewer={props.viewer} scripts={['simplewebauthn-browser.js', 'passkeys.js', 'copy.js']}>
      <p>{t('account.signedInAs', { email: props.user.email })}</p>
      {props.notice && <Notice text={props.notice} />}
      {props.enrolmentOnly ? (
        <>
          <p class="notice">{t('account.enrolmentRequired')}</p>
          <SecondFactor {...props} />
        </>
      ) : (
        <>
          <Profile {...props} />
          <Password {...props} />
          <SecondFactor {...props} />
          <Sessions {...props} />
          <Tokens {...props} />
          <ConnectedApps {...props} />
          <Activity {...props} />
          <DeleteAccount {...props} />
        </>
      )}
    </Layout>
  );
};
