import type { Language } from '../i18n/catalogue.js';
import { formatDate } from './dates.js';

/**
 * A moment as `<time datetime>`: in UTC, labelled, as the server renders it; local-time.js rewrites
 * the text in the reader's own time zone when JavaScript runs.
 */
export const LocalTime = ({ lang, date }: { lang: Language; date: Date }) => (
  <time datetime={date.toISOString()} data-local="">
    {formatDate(lang, date)}
  </time>
);
