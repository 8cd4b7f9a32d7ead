import { PASSWORD_MIN } from '../../core/domain/password-policy.js';
import type { RefusalWords } from '../../web/errors/refusals.js';
import { de } from './messages-de.js';
import { en, type MessageKey } from './messages-en.js';

export type Language = 'en' | 'de';

/** The refusal table names its words before the pages say them: a word it names and no catalogue has does not compile. */
const refusalWordsExist: RefusalWords extends MessageKey ? true : never = true;
void refusalWordsExist;

/** Every catalogue, by the language it is written in; English is the fallback. */
export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, de };

/** Looks a message up and fills its `{name}` places; the result is text, escaped where it is rendered. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export interface Locale {
  lang: Language;
  t: Translate;
}

/** Values any message may name: the rules' own numbers, so no catalogue repeats them. */
const RULES: Record<string, string | number> = { passwordMin: PASSWORD_MIN };

export const localeOf = (lang: Language): Locale => {
  const messages = CATALOGUES[lang];
  return {
    lang,
    t: (key, values) =>
      messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = values && Object.hasOwn(values, name) ? values[name] : RULES[name];
        return value === undefined ? whole : String(value);
      }),
  };
};

/**
 * The first language of `Accept-Language` (by q-value, then order) that has a catalogue; English
 * otherwise. `de-AT` counts as `de`.
 */
export const chooseLanguage = (header: string | undefined): Language => {
  if (!header) return 'en';
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { base } of ranked) if (base === 'en' || base === 'de') return base;
  return 'en';
};
