/** Length as people count it: Unicode code points, not UTF-16 units. */
export const codePointLength = (text: string): number => Array.from(text).length;

// Cc (controls incl. TAB, DEL, C1), Cf (bidi overrides, zero-width), Cs (lone surrogates).
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** The shared rule for display names and token names: trimmed, NFC, 1–100 visible characters. */
export const labelProblem = (normalized: string): string | null => {
  if (normalized.length === 0) return 'must not be empty';
  if (codePointLength(normalized) > 100) return 'must be at most 100 characters';
  if (FORBIDDEN.test(normalized)) return 'must not contain control or format characters';
  return null;
};

export const normalizeLabel = (raw: string): string => raw.trim().normalize('NFC');
