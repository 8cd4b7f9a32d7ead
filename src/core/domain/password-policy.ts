import { CONTAINED_WORD_MIN, PRODUCT_CONTEXT_WORDS } from './context-words.js';
import { localPartOf } from './email.js';
import { codePointLength } from './text.js';

export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 256;
/** The breach check's refusal; it never says which list, nor echoes the password. */
export const BREACHED = 'is a known breached password';

/** The length rule, on the NFKC form that gets hashed (NIST SP 800-63B rev. 4). */
export const passwordLengthProblem = (normalized: string): string | null => {
  const length = codePointLength(normalized);
  if (length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  return null;
};

const isRun = (codes: number[], step: (code: number) => number): boolean =>
  codes.every((code, index) => index === 0 || code === step(codes[index - 1] as number));

const isPlainSequence = (password: string): boolean => {
  const lower = password.toLowerCase();
  const codes = Array.from(lower, (char) => char.codePointAt(0) as number);
  if (/^[a-z]+$/.test(lower)) return isRun(codes, (c) => c + 1) || isRun(codes, (c) => c - 1);
  if (!/^[0-9]+$/.test(lower)) return false;
  const digits = codes.map((c) => c - 48);
  return isRun(digits, (d) => (d + 1) % 10) || isRun(digits, (d) => (d + 9) % 10);
};

const containsPart = (password: string, part: string): boolean =>
  codePointLength(part) >= CONTAINED_WORD_MIN && password.toLowerCase().includes(part.normalize('NFKC').toLowerCase());

/**
 * The rules beyond length that need no I/O: the account's email and display name, and the context
 * words (the product's own and the deployment's, ASVS 6.2.11).
 */
export const passwordPolicyProblem = (
  normalized: string,
  account: { email: string; displayName: string },
  contextWords: readonly string[] = [],
): string | null => {
  if (new Set(Array.from(normalized)).size === 1) return 'must not be one repeated character';
  if (isPlainSequence(normalized)) return 'must not be a plain sequence of letters or digits';
  if (containsPart(normalized, localPartOf(account.email))) return 'must not contain the email address';
  if (containsPart(normalized, account.displayName)) return 'must not contain the display name';
  const words = [...PRODUCT_CONTEXT_WORDS, ...contextWords];
  if (words.some((word) => containsPart(normalized, word))) return 'must not contain words specific to this service';
  return null;
};
