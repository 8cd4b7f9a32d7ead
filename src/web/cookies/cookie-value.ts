import type { Request } from 'express';

const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

/** header[from, to) without the spaces and tabs around it (only those, as the cookie package trims). */
const trimmed = (header: string, from: number, to: number): string => {
  while (from < to && isBlank(header.charCodeAt(from))) from += 1;
  while (to > from && isBlank(header.charCodeAt(to - 1))) to -= 1;
  return header.slice(from, to);
};

const unquoted = (value: string): string => (value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);

const decoded = (value: string): string => {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * One cookie's value from a Cookie header, read the way cookie-parser reads it (pairs split at `;`,
 * a pair without `=` skipped, the first of a repeated name wins, a pair of double quotes dropped,
 * percent-decoded when it decodes) without parsing the others. cookie-parser also reads `j:`
 * values as JSON: the caller falls back to it for those (spec/unit/http/cookie-value.spec.ts).
 */
export const cookieValue = (header: string | undefined, name: string): string | undefined => {
  if (header === undefined) return undefined;
  for (let start = 0; start < header.length; ) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon === -1 ? header.length : semicolon;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end && trimmed(header, start, equals) === name) return decoded(unquoted(trimmed(header, equals + 1, end)));
    start = end + 1;
  }
  return undefined;
};

/**
 * A cookie's value as `req.cookies` would give it, read from the header alone: the other cookies
 * are never parsed (a full parse per request cost more than the session lookup). Only a `j:`
 * value, which cookie-parser reads as JSON, is left to it. Null when absent, empty or not a string.
 */
export const readCookie = (req: Request, name: string): string | null => {
  const raw = cookieValue(req.headers.cookie, name);
  const value: unknown = raw?.startsWith('j:') ? (req.cookies as Record<string, unknown> | undefined)?.[name] : raw;
  return typeof value === 'string' && value !== '' ? value : null;
};
