import { PASSWORD_MIN, passwordLengthProblem } from '../../core/domain/password-policy.js';

const NEWLINE = 0x0a;

const hasNonAscii = (bytes: Buffer, start: number, end: number): boolean => {
  for (let index = start; index < end; index += 1) if ((bytes[index] as number) >= 0x80) return true;
  return false;
};

/**
 * The lines of a UTF-8 word list that could be chosen as a new password (15–256 code points after
 * NFKC), lower-cased: the others are refused by the length rule before any list is consulted.
 */
export const policyEntries = (bytes: Buffer): Set<string> => {
  const entries = new Set<string>();
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    // A million lines are mostly short ASCII, which NFKC cannot lengthen: skipped without decoding.
    // Any other line is decoded, since NFKC can expand one character into many (U+FDFA into 18).
    if (end - start >= PASSWORD_MIN || hasNonAscii(bytes, start, end)) {
      const entry = bytes.toString('utf8', start, end).replace(/\r$/, '').normalize('NFKC');
      if (passwordLengthProblem(entry) === null) entries.add(entry.toLowerCase());
    }
    start = end + 1;
  }
  return entries;
};
