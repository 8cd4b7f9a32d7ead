import type { TrailEventType } from '../../../core/domain/security-event.js';
import type { EventView } from '../../../core/use-cases/views.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import { LocalTime } from '../local-time.js';

/** An event type as a person reads it ("Signed in"), from the catalogue. */
export const eventWord = (locale: Locale, type: TrailEventType): string => locale.t(`admin.event.${type}` as MessageKey);

/** Events, newest first: the type in words, the user by email (an id only when the user is gone). */
export const EventTable = ({ locale, events, emails }: { locale: Locale; events: EventView[]; emails: ReadonlyMap<string, string> }) => {
  const { t, lang } = locale;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('admin.colWhen')}</th>
            <th scope="col">{t('admin.colType')}</th>
            <th scope="col">{t('admin.colUser')}</th>
            <th scope="col">{t('admin.colActor')}</th>
            <th scope="col">{t('admin.colAddress')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr>
              <td data-label={t('admin.colWhen')}><LocalTime lang={lang} date={event.createdAt} /></td>
              <td data-label={t('admin.colType')}>{eventWord(locale, event.type)}</td>
              <td data-label={t('admin.colUser')}>{emails.get(event.userId) ?? t('admin.unknownUser')}</td>
              <td data-label={t('admin.colActor')}>{t(`admin.actor.${event.actor}`)}</td>
              <td data-label={t('admin.colAddress')}>{event.clientAddress ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
