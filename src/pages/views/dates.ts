import type { Language } from '../i18n/catalogue.js';

const formats = new Map<Language, Intl.DateTimeFormat>();

/** A moment in the reader's language, always in UTC (the server cannot know the reader's zone). */
export const formatDate = (lang: Language, date: Date): string => {
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })));
  return `${format.format(date)} UTC`;
};
