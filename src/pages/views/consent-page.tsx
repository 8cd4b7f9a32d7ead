import type { Locale } from '../i18n/catalogue.js';
import type { MessageKey } from '../i18n/messages-en.js';
import { Layout, type Viewer } from './layout.js';

export interface ConsentPageProps {
  locale: Locale;
  viewer?: Viewer;
  clientName: string;
  scopes: string[];
  /** Where Allow and Deny post: the interaction's own path. */
  action: string;
}

const SCOPE_KEYS: Record<string, MessageKey> = {
  openid: 'scope.openid',
  email: 'scope.email',
  profile: 'scope.profile',
  offline_access: 'scope.offline_access',
  groups: 'scope.groups',
};

/** OpenID consent: the client by name, what it would read, Allow or Deny. */
export const ConsentPage = ({ locale, viewer, clientName, scopes, action }: ConsentPageProps) => {
  const { t } = locale;
  const known = scopes.filter((scope) => Object.hasOwn(SCOPE_KEYS, scope));
  return (
    <Layout locale={locale} title={t('consent.title', { client: clientName })} viewer={viewer}>
      <p>{t('consent.intro', { client: clientName })}</p>
      <ul>
        {known.map((scope) => (
          <li>{t(SCOPE_KEYS[scope] as MessageKey)}</li>
        ))}
      </ul>
      <div class="actions">
        <form method="post" action={`${action}/allow`} class="inline">
          <button type="submit">{t('consent.allow')}</button>
        </form>
        <form method="post" action={`${action}/deny`} class="inline">
          <button type="submit" class="secondary">
            {t('consent.deny')}
          </button>
        </form>
      </div>
    </Layout>
  );
};
