/**
 * What either database refuses or silently changes, said once: PostgreSQL refuses NUL in text
 * (SQLite keeps it), and a lone surrogate has no UTF-8 form (both drivers write U+FFFD or bytes
 * that read back differently). Lengths are each field's own rule; this is the rule for every string.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /\p{Cs}/u;

export const storableProblem = (text: string): string | null => {
  if (text.includes(NUL)) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired surrogates';
  return null;
};

/** A well-formed string has a UTF-8 form; a lone surrogate turns into U+FFFD on the way to a hasher. */
export const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Longest a header value is kept where it is stored (a User-Agent): enough to tell browsers apart. */
export const STORED_HEADER_MAX = 512;

/** A header value as it may be stored: storable characters only, at most `max` code points. */
export const storableHeader = (value: string, max = STORED_HEADER_MAX): string =>
  Array.from(value.replaceAll(NUL, '\ufffd').replace(/\p{Cs}/gu, '\ufffd')).slice(0, max).join('');
