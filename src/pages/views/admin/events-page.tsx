import { TRAIL_EVENT_TYPES } from '../../../core/domain/security-event.js';
import type { EventView } from '../../../core/use-cases/views.js';
import { EMPTY_FORM, ErrorSummary, Field, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { EventTable, eventWord } from './event-rows.js';

export interface EventsPageProps {
  frame: AdminFrame;
  events: EventView[];
  emails: ReadonlyMap<string, string>;
  filter: { email: string; type: string };
  nextEvents: string | null;
  failed?: FormState;
}

export const EventsPage = (props: EventsPageProps) => {
  const { frame } = props;
  const locale = frame.locale;
  const { t } = locale;
  const state = props.failed ?? EMPTY_FORM;
  return (
    <AdminLayout frame={frame} current="events">
      <Section id="events" title={t('admin.events')}>
        <ErrorSummary locale={locale} form="events" state={state} labels={{ email: t('field.email'), type: t('field.eventType') }} />
        <form method="get" action="/gatehouse/admin/events" class="search">
          <Field form="events" name="email" label={t('field.email')} type="email" required={false} initial={props.filter.email} state={state} />
          <div class="field">
            <label for="events-type">{t('field.eventType')}</label>
            <select id="events-type" name="type">
              <option value="">{t('field.anyType')}</option>
              {TRAIL_EVENT_TYPES.map((type) => (
                <option value={type} selected={type === props.filter.type}>
                  {eventWord(locale, type)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">{t('admin.filter')}</button>
        </form>
        {props.events.length === 0 ? <p>{t('admin.noEvents')}</p> : <EventTable locale={locale} events={props.events} emails={props.emails} />}
        {props.nextEvents && (
          <p>
            <a href={`/gatehouse/admin/events?${props.nextEvents}`}>{t('admin.next')}</a>
          </p>
        )}
      </Section>
    </AdminLayout>
  );
};
