import type { Locale } from '../i18n/catalogue.js';
import { ErrorSummary, Field, Notice, type FormState } from './form-parts.js';
import { Layout, type Viewer } from './layout.js';

export interface AreYouSureProps {
  locale: Locale;
  viewer?: Viewer;
  /** "Delete ada@example.com? This cannot be undone." — names the thing, in the reader's words. */
  question: string;
  /** Where the second press posts: the action's own route, which acts only on `confirmed=yes`. */
  action: string;
  /** The button, named as the action ("Delete", "Delete my account"). */
  button: string;
  /** Back where the person came from; nothing is sent, so nothing changes. */
  cancel: string;
  /** What the first form carried that the action needs (never a secret). */
  carried?: Record<string, string>;
  /** The action itself needs the password (the account's own deletion, a factor's removal). */
  password?: { state: FormState };
  /** Back here after the confirm page: the password is asked once more (it was never kept). */
  status?: string;
}

/**
 * The "are you sure" step before a destructive action (GOV.UK's pattern): the first press only
 * shows this page; the action happens on the second press, and `Cancel` is a plain link.
 */
export const AreYouSurePage = ({ locale, viewer, question, action, button, cancel, carried = {}, password, status }: AreYouSureProps) => {
  const { t } = locale;
  return (
    <Layout locale={locale} title={t('confirm.areYouSure')} viewer={viewer}>
      {status && <Notice text={status} />}
      {password && <ErrorSummary locale={locale} form="are-you-sure" state={password.state} labels={{ password: t('field.password') }} />}
      <p class="question">{question}</p>
      <form method="post" action={action} class="stack">
        <input type="hidden" name="confirmed" value="yes" />
        {Object.entries(carried).map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        {password && <Field form="are-you-sure" name="password" label={t('field.password')} type="password" autocomplete="current-password" state={password.state} />}
        <div class="buttons">
          <button type="submit" class="danger">
            {button}
          </button>
          <a href={cancel}>
            {t('confirm.cancel')}
          </a>
        </div>
      </form>
    </Layout>
  );
};
