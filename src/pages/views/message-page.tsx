import type { Locale } from '../i18n/catalogue.js';
import { Layout, type Viewer } from './layout.js';

export interface MessagePageProps {
  locale: Locale;
  title: string;
  body: string;
  viewer?: Viewer;
  /** Where to go from here; the sign-in page when nobody is signed in. */
  link?: { href: string; text: string };
  detail?: string;
}

/** A 403, 404, 429 or 500 as a page: what happened and a way on, never a stack or an SQL text. */
export const MessagePage = ({ locale, title, body, viewer, link, detail }: MessagePageProps) => (
  <Layout locale={locale} title={title} viewer={viewer}>
    <p>{body}</p>
    {detail && <p class="hint">{detail}</p>}
    {link && (
      <p>
        <a href={link.href}>{link.text}</a>
      </p>
    )}
  </Layout>
);
