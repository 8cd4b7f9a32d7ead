import type { ComponentChildren } from 'preact';
import type { PublicUser } from '../../../core/domain/user.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import { EMPTY_FORM, type FormState } from '../form-parts.js';
import { Layout, type Viewer } from '../layout.js';

/** The account's pages, by the last part of their path (the overview is ''). */
export type AccountSection = '' | 'profile' | 'security' | 'sessions' | 'tokens' | 'applications' | 'activity';

/** The account's forms, by the name their fields' ids carry. */
export type AccountForm = 'profile' | 'password' | 'totp' | 'totp-confirm' | 'passkey' | 'recovery-codes' | 'token' | 'delete';

/** What every account page knows: who reads it, a result to show, a refused form to show again. */
export interface AccountFrameProps {
  locale: Locale;
  viewer: Viewer;
  user: PublicUser;
  /** A result after a redirect, shown at the top of the section it belongs to. */
  notice: { key: MessageKey; text: string } | null;
  failed?: { form: AccountForm; state: FormState };
  /** Back from the confirm page: this form is shown again (its fields in `failed`), asking for the password once more. */
  again?: AccountForm;
}

const FORMS: readonly AccountForm[] = ['profile', 'password', 'totp', 'totp-confirm', 'passkey', 'recovery-codes', 'token', 'delete'];
export const isAccountForm = (name: string): name is AccountForm => (FORMS as readonly string[]).includes(name);

export const stateOf = (props: AccountFrameProps, form: AccountForm): FormState => (props.failed?.form === form ? props.failed.state : EMPTY_FORM);

const MENU: readonly { section: AccountSection; key: MessageKey }[] = [
  { section: 'profile', key: 'account.menuProfile' },
  { section: 'security', key: 'account.menuSecurity' },
  { section: 'sessions', key: 'account.menuSessions' },
  { section: 'tokens', key: 'account.menuTokens' },
  { section: 'applications', key: 'account.menuApplications' },
  { section: 'activity', key: 'account.menuActivity' },
];

export const accountPath = (section: AccountSection): string => (section === '' ? '/gatehouse/account' : `/gatehouse/account/${section}`);

/**
 * Every account page: the heading `Account`, the menu of its pages (the current one marked), then the
 * page's sections. A session the MFA policy holds to enrolment gets no menu: nothing else is open.
 */
export const AccountFrame = ({ props, current, menu = true, children }: { props: AccountFrameProps; current: AccountSection; menu?: boolean; children: ComponentChildren }) => {
  const { t } = props.locale;
  return (
    <Layout locale={props.locale} title={t('account.title')} viewer={props.viewer} scripts={['simplewebauthn-browser.js', 'passkeys.js', 'copy.js', 'print.js', 'local-time.js']}>
      {menu && (
        <nav class="account-menu" aria-label={t('account.menu')}>
          <ul>
            {MENU.map(({ section, key }) => (
              <li>
                <a href={accountPath(section)} aria-current={section === current ? 'page' : undefined}>
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {children}
    </Layout>
  );
};
