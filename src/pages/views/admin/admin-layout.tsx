import type { ComponentChildren } from 'preact';
import type { Locale } from '../../i18n/catalogue.js';
import { Notice } from '../form-parts.js';
import { Layout, type Viewer } from '../layout.js';

export type AdminSection = 'users' | 'invites' | 'groups' | 'applications' | 'events';

/** What every admin page shows around its section: who reads it, and a notice after a redirect. */
export interface AdminFrame {
  locale: Locale;
  viewer: Viewer;
  notice: string | null;
}

const SECTIONS: { section: AdminSection; key: 'admin.users' | 'admin.invites' | 'admin.groups' | 'admin.applications' | 'admin.events' }[] = [
  { section: 'users', key: 'admin.users' },
  { section: 'invites', key: 'admin.invites' },
  { section: 'groups', key: 'admin.groups' },
  { section: 'applications', key: 'admin.applications' },
  { section: 'events', key: 'admin.events' },
];

/** The admin's pages share one menu (links named as their headings) so each section is a page of its own. */
export const AdminLayout = ({
  frame,
  current,
  title,
  placesNotice = false,
  children,
}: {
  frame: AdminFrame;
  current: AdminSection;
  title?: string;
  /** A page of several sections shows the notice at the top of the section it belongs to, itself. */
  placesNotice?: boolean;
  children: ComponentChildren;
}) => {
  const { t } = frame.locale;
  return (
    <Layout locale={frame.locale} title={title ?? t('admin.title')} viewer={frame.viewer} scripts={['copy.js', 'local-time.js']}>
      <nav aria-label={t('admin.menu')} class="subnav">
        <ul>
          {SECTIONS.map(({ section, key }) => (
            <li>
              <a href={`/gatehouse/admin/${section}`} aria-current={section === current ? 'page' : undefined}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {frame.notice && !placesNotice && <Notice text={frame.notice} />}
      {children}
    </Layout>
  );
};
