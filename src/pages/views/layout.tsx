import type { ComponentChildren } from 'preact';
import type { Locale } from '../i18n/catalogue.js';

export interface Viewer {
  email: string;
  admin: boolean;
}

export interface LayoutProps {
  locale: Locale;
  title: string;
  /** The signed-in user, for the navigation; absent on the signed-out pages. */
  viewer?: Viewer;
  /** Scripts of our own, by name under /gatehouse/assets/ (passkeys, copy buttons). */
  scripts?: string[];
  children: ComponentChildren;
}

/** Every page's frame: language, landmarks, a skip link, one h1 (the title), our stylesheet only. */
export const Layout = ({ locale, title, viewer, scripts = [], children }: LayoutProps) => {
  const { t } = locale;
  return (
    <html lang={locale.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${title} — ${t('app.name')}`}</title>
        <link rel="icon" href="/gatehouse/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/gatehouse/assets/gatehouse.css" />
        {scripts.map((name) => (
          <script src={`/gatehouse/assets/${name}`} defer />
        ))}
      </head>
      <body>
        <a class="skip" href="#main">
          {t('app.skip')}
        </a>
        <header class="top">
          <span class="brand">
            <img src="/gatehouse/assets/favicon.svg" alt="" width={24} height={24} />
            {t('app.name')}
          </span>
          {viewer && (
            <nav aria-label={t('nav.main')}>
              <a href="/gatehouse/account">{t('nav.account')}</a>
              {viewer.admin && <a href="/gatehouse/admin">{t('nav.admin')}</a>}
              <form method="post" action="/gatehouse/sign-out" class="inline">
                <button type="submit" class="link">
                  {t('nav.signOut')}
                </button>
              </form>
            </nav>
          )}
        </header>
        <main id="main">
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
};
