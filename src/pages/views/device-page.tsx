import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, type FormState } from './form-parts.js';
import { Layout } from './layout.js';

export interface DevicePageProps {
  locale: Locale;
  /** The provider's code verification route, as the person's browser reaches it. */
  action: string;
  xsrf: string;
  /** The code the device's link carried (verification_uri_complete), or the one entered before. */
  userCode: string;
  /** Why the code was not taken: wrong or expired, cancelled, too many tries. */
  problem: string | null;
}

/**
 * The person types the code their device shows. The form confirms at once: the consent page that
 * follows names the application, so no second page asks the same.
 */
export const DevicePage = ({ locale, action, xsrf, userCode, problem }: DevicePageProps) => {
  const { t } = locale;
  const state: FormState = { values: { user_code: userCode }, problems: problem ? { user_code: problem } : {}, general: [] };
  return (
    <Layout locale={locale} title={t('device.title')}>
      <ErrorSummary locale={locale} form="device" state={state} labels={{ user_code: t('device.field') }} />
      <p>{t('device.intro')}</p>
      <form method="post" action={action} class="stack">
        <input type="hidden" name="xsrf" value={xsrf} />
        <input type="hidden" name="confirm" value="yes" />
        <Field form="device" name="user_code" label={t('device.field')} hint={t('device.hint')} autocomplete="off" state={state} />
        <button type="submit">{t('device.submit')}</button>
      </form>
    </Layout>
  );
};
