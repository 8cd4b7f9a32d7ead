import type { Locale } from '../i18n/catalogue.js';
import { Layout } from './layout.js';

export interface LogoutPageProps {
  locale: Locale;
  /** Our own confirmation route, which ends the Gatehouse session and hands the provider its form. */
  action: string;
  xsrf: string;
}

/** RP-initiated logout without a valid id_token_hint: the person confirms with `Sign out`. */
export const LogoutPage = ({ locale, action, xsrf }: LogoutPageProps) => {
  const { t } = locale;
  return (
    <Layout locale={locale} title={t('logout.title')}>
      <p>{t('logout.intro')}</p>
      <form method="post" action={action}>
        <input type="hidden" name="xsrf" value={xsrf} />
        <input type="hidden" name="logout" value="yes" />
        <button type="submit">{t('logout.submit')}</button>
      </form>
    </Layout>
  );
};
